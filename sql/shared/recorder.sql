-- The recording stand-in (`talkbar-cli app record`, talkbar/recorder.py): what the app writes while
-- it records a session, each in a short transaction of its own so that other processes read in
-- between. Every change to a turn takes a changed_at_ms strictly after the session's last one: the
-- transcript cursor relies on it.

-- name: recorder.session
-- returns: one
-- params: $session_id
-- The session to record, in whichever workspace of the data root it is.
SELECT session_id AS "sessionId", workspace_id AS "workspaceId", status, trashed_at AS "trashedAt"
FROM sessions WHERE session_id = $session_id

-- name: recorder.interrupt_others
-- returns: exec
-- params: $session_id, $now_ms
-- The app records one session at a time: any other session still marked recording was left by a
-- run that ended without stopping, and is interrupted (as the app does when it starts).
UPDATE sessions SET status = 'interrupted', revision = revision + 1, updated_at = greatest($now_ms, updated_at + 1)
WHERE status = 'recording' AND session_id <> $session_id

-- name: recorder.start
-- returns: exec
-- params: $session_id, $now_ms
-- The session records (again): no end yet, and a recording run open from now, unless one is open.
UPDATE sessions SET status = 'recording', ended_at_ms = NULL, revision = revision + 1,
                    updated_at = greatest($now_ms, updated_at + 1)
WHERE session_id = $session_id

-- name: recorder.open_run
-- returns: exec
-- params: $session_id, $now_ms
INSERT INTO recording_runs (session_id, run_index, start_ms, end_ms)
SELECT s.session_id,
       coalesce((SELECT max(run_index) + 1 FROM recording_runs WHERE session_id = s.session_id), 0),
       greatest($now_ms - s.started_at_ms, 0), NULL
FROM sessions s
WHERE s.session_id = $session_id
  AND NOT EXISTS (SELECT 1 FROM recording_runs r WHERE r.session_id = s.session_id AND r.end_ms IS NULL)

-- name: recorder.speaker
-- returns: exec
-- params: $workspace_id, $session_id, $speaker_id
-- A voice heard for the first time joins the participants without a name ("Speaker N"); a
-- participant heard is one who `spoke` (migration 1040). The recorder asks this before the voice's
-- first turn of each lease of the file, in the same transaction as that turn.
INSERT INTO session_participants (workspace_id, session_id, speaker_id, name, contact_id, is_user,
                                  excluded_from_ai, ord, spoke)
SELECT $workspace_id, $session_id, $speaker_id, NULL, NULL, false, false,
       coalesce((SELECT max(ord) + 1 FROM session_participants WHERE session_id = $session_id), 0), true
ON CONFLICT (session_id, speaker_id) DO UPDATE SET spoke = true

-- name: recorder.speaker_name
-- returns: value
-- params: $session_id, $speaker_id
-- The name a voice's turns carry in the search index: the participant's own, else their person's
-- (the rule of search.source.turns); NULL while it has none.
SELECT coalesce(p.name, c.name)
FROM session_participants p LEFT JOIN contacts c ON c.contact_id = p.contact_id
WHERE p.session_id = $session_id AND p.speaker_id = $speaker_id

-- name: recorder.session_no
-- returns: value
-- params: $session_id
-- The session's integer key, by which its turns are found (only its row groups are read:
-- migration 0850); the recorder asks once per lease of the file.
SELECT session_no FROM sessions WHERE session_id = $session_id

-- name: recorder.turns_end
-- returns: one
-- params: $session_no
-- Where the session's transcript ends: the next turn's place and the last change time. Read once
-- per lease of the file (only this process writes turns while it holds it); each append and final
-- then moves both on in the recorder's memory, so that a live turn reads no other turn.
SELECT coalesce(max(seq) + 1, 0) AS seq, coalesce(max(changed_at_ms), -1) AS changed
FROM turns WHERE session_no = $session_no

-- name: recorder.append_turn
-- returns: one
-- params: $workspace_id, $session_id, $session_no, $turn_id, $chunk_id, $speaker_id, $start_ms, $end_ms, $text, $translated_text, $seq, $last_changed, $now_ms
-- A new turn at the end of the transcript (at $seq, after $last_changed: recorder.turns_end),
-- provisional until the recognizer settles it. Returns what the search index takes of it (as
-- search.source.turns reads it), so that the recorder's index step need not read it back.
INSERT INTO turns (workspace_id, session_id, turn_id, seq, chunk_id, speaker_id, start_ms, end_ms, text,
                   translated_text, provisional, changed_at_ms, session_no)
VALUES ($workspace_id, $session_id, $turn_id, $seq, $chunk_id, $speaker_id, $start_ms, $end_ms, $text,
        $translated_text, true, greatest($now_ms, $last_changed + 1), $session_no)
RETURNING turn_id AS part, start_ms AS t_ms, changed_at_ms AS changed, speaker_id, text

-- name: recorder.finalize_turn
-- returns: many
-- params: $session_no, $turn_id, $last_changed, $now_ms
-- One provisional turn becomes final, with the next change time (after $last_changed, the
-- session's last: recorder.turns_end); returned as recorder.append_turn returns it (nothing if it
-- was final already). By the session's integer key, like the append.
UPDATE turns SET provisional = false, changed_at_ms = greatest($now_ms, $last_changed + 1)
WHERE session_no = $session_no AND turn_id = $turn_id AND provisional
RETURNING turn_id AS part, start_ms AS t_ms, changed_at_ms AS changed, speaker_id, text

-- name: recorder.finalize
-- returns: exec
-- params: $session_id, $now_ms
-- Every provisional turn becomes final, when the recording stops (one turn at a time:
-- recorder.finalize_turn); each is a change the cursor reports again, so each gets the next change
-- time. The session's turns are found by its integer key (a join, so that only its row groups are
-- read: migration 0850), so that finalizing costs the same in a ten-year archive as on day one.
UPDATE turns SET provisional = false, changed_at_ms = f.next_ms
FROM (WITH own AS (SELECT t.turn_id, t.session_no, t.seq, t.provisional, t.changed_at_ms
                   FROM turns t JOIN sessions s ON s.session_no = t.session_no
                   WHERE s.session_id = $session_id)
      SELECT turn_id, session_no,
             (SELECT greatest($now_ms, max(changed_at_ms) + 1) FROM own) + row_number() OVER (ORDER BY seq) - 1 AS next_ms
      FROM own
      WHERE provisional) f
WHERE turns.session_no = f.session_no AND turns.turn_id = f.turn_id

-- name: recorder.add_point
-- returns: exec
-- params: $workspace_id, $session_id, $point_id, $at_ms, $text
-- A timeline point recorded so far, at the end of the timeline.
INSERT INTO timeline_points (workspace_id, session_id, point_id, seq, at_ms, text, translated_text, edited)
SELECT $workspace_id, $session_id, $point_id, coalesce(max(seq) + 1, 0), $at_ms, $text, NULL, false
FROM timeline_points WHERE session_id = $session_id

-- name: recorder.transcript_changed
-- returns: exec
-- params: $session_id, $now_ms
-- The session page changed with its transcript: a new revision, and when the transcript changed.
UPDATE sessions SET revision = revision + 1, updated_at = greatest($now_ms, updated_at + 1),
                    transcript_changed_at = greatest($now_ms, coalesce(transcript_changed_at, 0) + 1)
WHERE session_id = $session_id

-- name: recorder.close_run
-- returns: exec
-- params: $session_id, $now_ms
UPDATE recording_runs SET end_ms = greatest($now_ms - (SELECT started_at_ms FROM sessions WHERE session_id = $session_id), start_ms)
WHERE session_id = $session_id AND end_ms IS NULL

-- name: recorder.complete
-- returns: exec
-- params: $session_id, $now_ms
-- The recording stopped: the session is complete and ends now.
UPDATE sessions SET status = 'complete', ended_at_ms = $now_ms, revision = revision + 1,
                    updated_at = greatest($now_ms, updated_at + 1)
WHERE session_id = $session_id
