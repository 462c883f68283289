-- The participants of a session and the people they are linked to (sessions.speakers.*), and what
-- talkbar/speaker_names.py reads to give each participant the name the session page shows.

-- name: session_speakers.participants
-- returns: many
-- params: $session_ids
-- The participants of these sessions with the position of their first turn (null: never spoke).
-- One session's turns are read by its integer key, so only the row groups that hold them.
WITH keys AS (
    SELECT session_id, session_no FROM sessions WHERE list_contains($session_ids, session_id)
),
spoken AS (
    SELECT k.session_id, t.speaker_id, min(t.seq) AS first_seq
    FROM turns t JOIN keys k ON k.session_no = t.session_no
    GROUP BY k.session_id, t.speaker_id
)
SELECT p.session_id AS "sessionId", p.speaker_id AS "speakerId", p.name, p.contact_id AS "contactId",
       p.ord, s.first_seq AS "firstSeq"
FROM session_participants p
LEFT JOIN spoken s ON s.session_id = p.session_id AND s.speaker_id = p.speaker_id
WHERE list_contains($session_ids, p.session_id)

-- name: session_speakers.of_one
-- returns: many
-- params: $session_id
-- The participants of one session as they are stored (session index), for the page's reads that
-- get what each said from session_speakers.spoken beside it.
SELECT speaker_id AS "speakerId", name, contact_id AS "contactId", is_user AS "isUser",
       excluded_from_ai AS "excludedFromAi", ord
FROM session_participants
WHERE session_id = $session_id

-- name: session_speakers.spoken
-- returns: many
-- params: $session_no
-- What each speaker of one session said: the position of their first turn, their turns, talk time,
-- and when their last turn ended. By the session's integer key: only the row groups that hold its
-- turns are read, and not their text (sessions.stats:chars counts that beside it).
SELECT speaker_id AS "speakerId", min(seq) AS "firstSeq", count(*) AS turns,
       sum(end_ms - start_ms) AS "talkMs", max(end_ms) AS "lastEnd"
FROM turns
WHERE session_no = $session_no
GROUP BY speaker_id

-- name: session_speakers.matching
-- returns: value
-- params: $speaker_ids, $speaker_names, $speaker
-- Of these speakers (ids and shown names side by side), the ids of those whose shown name holds
-- $speaker, folded as every list filter folds (tb_fold: case and accents ignored).
SELECT [x[1] FOR x IN list_zip($speaker_ids::VARCHAR[], $speaker_names::VARCHAR[])
        IF contains(tb_fold(x[2]), tb_fold($speaker))]

-- name: session_speakers.cyrillic
-- returns: many
-- params: $session_ids
-- The sessions among these whose transcript is in Cyrillic, where an unnamed participant is
-- "Участник N" (elsewhere "Speaker N"): most of their first 40 turns hold a Cyrillic letter; a
-- session without turns goes by its title.
WITH keys AS (
    SELECT session_id, session_no, title FROM sessions WHERE list_contains($session_ids, session_id)
),
opening AS (
    SELECT k.session_id, count(*) AS n,
           count(*) FILTER (WHERE regexp_matches(t.text, '[а-яА-ЯёЁ]')) AS cyrillic
    FROM turns t JOIN keys k ON k.session_no = t.session_no
    WHERE t.seq < 40
    GROUP BY k.session_id
)
SELECT k.session_id AS "sessionId"
FROM keys k LEFT JOIN opening o ON o.session_id = k.session_id
WHERE CASE WHEN coalesce(o.n, 0) > 0 THEN o.cyrillic * 2 > o.n ELSE regexp_matches(k.title, '[а-яА-ЯёЁ]') END

-- name: session_speakers.people_named
-- returns: many
-- params: $workspace_id, $name
-- The people (not archived) of this workspace with exactly this name, case ignored.
SELECT contact_id AS "contactId", name FROM contacts
WHERE workspace_id = $workspace_id AND archived_at_ms IS NULL AND lower(trim(name)) = lower($name)
ORDER BY contact_id

-- name: session_speakers.own_person
-- returns: value
-- params: $workspace_id, $contact_id, $marker
-- The person TalkBar created only for this speaker ($marker = "<sessionId>/<speakerId>"): still
-- unconfirmed and linked to nothing else (no other participant, item, card, project or series).
SELECT c.contact_id FROM contacts c
WHERE c.workspace_id = $workspace_id AND c.contact_id = $contact_id
  AND c.created_for_speaker = $marker AND NOT c.confirmed AND c.archived_at_ms IS NULL
  AND (SELECT count(*) FROM session_participants p WHERE p.contact_id = c.contact_id) <= 1
  AND NOT EXISTS (SELECT 1 FROM action_item_assignees a WHERE a.contact_id = c.contact_id)
  AND NOT EXISTS (SELECT 1 FROM knowledge_cards k WHERE k.contact_id = c.contact_id)
  AND NOT EXISTS (SELECT 1 FROM contact_projects x WHERE x.contact_id = c.contact_id)
  AND NOT EXISTS (SELECT 1 FROM series s WHERE s.anchor_contact_id = c.contact_id)

-- name: session_speakers.rename_person
-- returns: exec
-- params: $contact_id, $name, $now_ms
UPDATE contacts SET name = $name, updated_at = greatest($now_ms, updated_at + 1)
WHERE contact_id = $contact_id

-- name: session_speakers.create_person
-- returns: exec
-- params: $workspace_id, $contact_id, $name, $marker, $now_ms
-- A person made for one speaker, as the app makes one: unconfirmed, remembering the speaker.
INSERT INTO contacts (workspace_id, contact_id, name, confirmed, created_for_speaker, created_at, updated_at)
VALUES ($workspace_id, $contact_id, $name, false, $marker, $now_ms, $now_ms)

-- name: session_speakers.set
-- returns: exec
-- params: $session_id, $speaker_id, $name, $contact_id
-- The participant's name and person (both null: "Speaker N" again). What was said stays.
UPDATE session_participants SET name = $name, contact_id = $contact_id
WHERE session_id = $session_id AND speaker_id = $speaker_id
