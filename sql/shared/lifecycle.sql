-- The state of one item of a kind, whatever it is (in the Trash or not), for the one helper that
-- tells "unknown" from "in the Trash" (talkbar/ops/lifecycle.py), and the two writes that trash,
-- restore and pin behave alike with. Each write moves updated_at strictly forward.

-- name: lifecycle.project_state
-- returns: one
-- params: $workspace_id, $item_id
SELECT trashed_at AS "trashedAt", pinned FROM projects
WHERE workspace_id = $workspace_id AND project_id = $item_id

-- name: lifecycle.project_trash
-- returns: exec
-- params: $workspace_id, $item_id, $trashed_at, $now_ms
UPDATE projects SET trashed_at = $trashed_at, updated_at = greatest($now_ms, updated_at + 1)
WHERE workspace_id = $workspace_id AND project_id = $item_id

-- name: lifecycle.project_pin
-- returns: exec
-- params: $workspace_id, $item_id, $pinned, $now_ms
UPDATE projects SET pinned = $pinned, updated_at = greatest($now_ms, updated_at + 1)
WHERE workspace_id = $workspace_id AND project_id = $item_id

-- name: lifecycle.note_state
-- returns: one
-- params: $workspace_id, $item_id
-- Also what note writes check: the updatedAt a conflict compares, embedded content.
SELECT trashed_at AS "trashedAt", pinned, updated_at AS "updatedAt",
       has_embedded_content AS "hasEmbeddedContent"
FROM notes
WHERE workspace_id = $workspace_id AND note_id = $item_id

-- name: lifecycle.note_trash
-- returns: exec
-- params: $workspace_id, $item_id, $trashed_at, $now_ms
UPDATE notes SET trashed_at = $trashed_at, updated_at = greatest($now_ms, updated_at + 1)
WHERE workspace_id = $workspace_id AND note_id = $item_id

-- name: lifecycle.note_pin
-- returns: exec
-- params: $workspace_id, $item_id, $pinned, $now_ms
UPDATE notes SET pinned = $pinned, updated_at = greatest($now_ms, updated_at + 1)
WHERE workspace_id = $workspace_id AND note_id = $item_id

-- name: lifecycle.chat_state
-- returns: one
-- params: $workspace_id, $item_id
SELECT trashed_at_ms AS "trashedAt", pinned FROM chats
WHERE workspace_id = $workspace_id AND chat_id = $item_id

-- name: lifecycle.chat_trash
-- returns: exec
-- params: $workspace_id, $item_id, $trashed_at, $now_ms
UPDATE chats SET trashed_at_ms = $trashed_at, updated_at = greatest($now_ms, updated_at + 1)
WHERE workspace_id = $workspace_id AND chat_id = $item_id

-- name: lifecycle.session_state
-- returns: one
-- params: $workspace_id, $item_id
-- Sessions are targets here (notes, action items), never trashed or pinned by these families.
SELECT trashed_at AS "trashedAt", project_id AS "projectId", title, status, started_at_ms AS "startedAtMs"
FROM sessions
WHERE workspace_id = $workspace_id AND session_id = $item_id

-- name: lifecycle.document_state
-- returns: one
-- params: $workspace_id, $item_id
-- Documents have no Trash: only the app adds or deletes them.
SELECT NULL AS "trashedAt", pinned FROM documents
WHERE workspace_id = $workspace_id AND document_id = $item_id

-- name: lifecycle.topic_state
-- returns: one
-- params: $workspace_id, $item_id
SELECT NULL AS "trashedAt" FROM topics
WHERE workspace_id = $workspace_id AND topic_id = $item_id

-- name: lifecycle.series_state
-- returns: one
-- params: $workspace_id, $item_id
-- An archived series is still a series: its items stay findable.
SELECT NULL AS "trashedAt" FROM series
WHERE workspace_id = $workspace_id AND series_id = $item_id

-- name: lifecycle.contact_state
-- returns: one
-- params: $workspace_id, $item_id
SELECT NULL AS "trashedAt" FROM contacts
WHERE workspace_id = $workspace_id AND contact_id = $item_id

-- name: lifecycle.label_state
-- returns: one
-- params: $workspace_id, $item_id
SELECT NULL AS "trashedAt", item_type AS "itemType", name FROM labels
WHERE workspace_id = $workspace_id AND label_id = $item_id

-- name: lifecycle.action_item_state
-- returns: one
-- params: $workspace_id, $item_id
-- An item hidden from its board (a removed summary item) is gone for every operation, and so is an
-- item of a session in the Trash.
SELECT NULL AS "trashedAt", a.item_type AS "itemType", a.status, a.label_id AS "labelId",
       a.session_id AS "sessionId", a.project_id AS "projectId", a.origin
FROM action_items a
LEFT JOIN sessions s ON s.session_id = a.session_id
WHERE a.workspace_id = $workspace_id AND a.item_id = $item_id AND NOT a.hidden
  AND s.trashed_at IS NULL
