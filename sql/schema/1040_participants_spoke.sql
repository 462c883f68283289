-- migration: 1040_participants_spoke
-- A participant `spoke` when they have a turn in their session: the rule by which a person met a
-- session (contacts.list's sessionCount and lastMetAtMs, the sessions contacts.sessions lists).
-- Until now both read it from every turn of the workspace (`SELECT DISTINCT session_id, speaker_id
-- FROM turns`), a cost that grew with the archive: contacts.list 60-80 ms and contacts.sessions
-- 54 ms at 6 M turns with 34 people. Turns are written in two places only, and each sets it in the
-- same transaction: an import, from the session's own turns (talkbar/fixture/rows.py), and the
-- recorder, when a voice is first heard in a lease of the file (recorder.speaker). Turns are never
-- removed but with their workspace (import --replace), nor moved to another speaker.
ALTER TABLE session_participants ADD COLUMN spoke BOOLEAN DEFAULT false;
UPDATE session_participants SET spoke = true
FROM (SELECT DISTINCT session_id, speaker_id FROM turns) t
WHERE session_participants.session_id = t.session_id AND session_participants.speaker_id = t.speaker_id;
