-- The participants of a session and the people they are linked to (sessions.speakers.*).

-- name: session_speakers.one
-- returns: one
-- params: $session_id, $speaker_id
-- One participant with the name the page shows ("Speaker N" when it has none).
SELECT speaker_id AS "speakerId", name, given_name AS "givenName", contact_id AS "contactId"
FROM tb_session_speakers($session_id)
WHERE speaker_id = $speaker_id

-- name: session_speakers.named
-- returns: value
-- params: $session_id, $speaker_id, $name, $contact_id
-- Another participant of the session already shown under this name (case ignored), or already
-- linked to this person: its shown name, else nothing.
SELECT name FROM tb_session_speakers($session_id)
WHERE speaker_id <> $speaker_id
  AND (lower(name) = lower($name) OR ($contact_id IS NOT NULL AND contact_id = $contact_id))
ORDER BY ord
LIMIT 1

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

-- name: session_speakers.names
-- returns: many
-- params: $session_ids
-- Every participant of these sessions with the name the page shows (tb_speakers_of): an unnamed
-- one is "Speaker N" ("Участник N" in a Cyrillic transcript), N counting the unnamed by first
-- turn. In the page's order: by first turn, those who never spoke last.
SELECT session_id AS "sessionId", speaker_id AS "speakerId", name FROM tb_speakers_of($session_ids)
ORDER BY session_id, first_seq NULLS LAST, ord
