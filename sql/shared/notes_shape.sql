-- name: notes.link_sessions
-- returns: exec
-- params: $note_id, $session_ids
-- Links a note to sessions after those it has, in the order given, each session once (none when
-- $session_ids is null).
INSERT INTO note_sessions (note_id, session_id, ord)
SELECT $note_id, sid, (SELECT coalesce(max(ord), -1) FROM note_sessions WHERE note_id = $note_id) + i
FROM (SELECT sid, min(i) AS i
      FROM (SELECT $session_ids[i] AS sid, i FROM range(1, len($session_ids) + 1) t(i))
      GROUP BY sid)
WHERE sid NOT IN (SELECT session_id FROM note_sessions WHERE note_id = $note_id)

-- name: notes.written
-- returns: one
-- params: $workspace_id, $note_id
-- A note as notes.update and notes.append answer; sessionId only for a session's own note.
SELECT note_id AS "noteId", title, pinned, owner_session_id AS "sessionId", updated_at AS "updatedAt"
FROM notes
WHERE workspace_id = $workspace_id AND note_id = $note_id

-- name: notes.placement
-- returns: one
-- params: $workspace_id, $note_id
-- What a note belongs to now: its project and its sessions not in the Trash, in link order.
SELECT n.note_id AS "noteId", n.project_id AS "projectId",
       coalesce((SELECT list(ns.session_id ORDER BY ns.ord, ns.session_id)
                 FROM note_sessions ns JOIN sessions s ON s.session_id = ns.session_id AND s.trashed_at IS NULL
                 WHERE ns.note_id = n.note_id), []) AS "sessionIds"
FROM notes n
WHERE n.workspace_id = $workspace_id AND n.note_id = $note_id
