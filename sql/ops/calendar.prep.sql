-- name: calendar.prep
-- returns: many
-- params: $workspace_id, $memory_ids
-- The cards the meeting starts with, in prep order (a card deleted since is left out).
SELECT k.memory_id AS "memoryId", k.title, k.type, k.status
FROM (SELECT unnest($memory_ids) AS memory_id, generate_subscripts($memory_ids, 1) AS pos) AS p
JOIN knowledge_cards k ON k.memory_id = p.memory_id AND k.workspace_id = $workspace_id
ORDER BY p.pos

-- name: calendar.prep:documents
-- returns: many
-- params: $workspace_id, $document_ids
-- The documents the meeting starts with, in prep order.
SELECT d.document_id AS "documentId", d.title, d.file_type AS "fileType", d.status
FROM (SELECT unnest($document_ids) AS document_id, generate_subscripts($document_ids, 1) AS pos) AS p
JOIN documents d ON d.document_id = p.document_id AND d.workspace_id = $workspace_id
ORDER BY p.pos

-- name: calendar.prep:suggested
-- returns: many
-- params: $workspace_id, $project_id, $exclude_ids
-- Open items of the meeting's project the meeting could bring in: not already carried, added or
-- skipped, not hidden or stopped from carrying; the newest ten.
SELECT a.item_id AS "itemId"
FROM action_items a
LEFT JOIN sessions x ON x.session_id = a.session_id
WHERE a.workspace_id = $workspace_id AND a.project_id = $project_id AND a.status = 'open'
  AND a.item_type IN ('task', 'follow_up', 'question') AND NOT a.hidden AND NOT a.carry_stopped
  AND (x.session_id IS NULL OR x.trashed_at IS NULL) AND NOT list_contains($exclude_ids, a.item_id)
ORDER BY a.created_at DESC, a.item_id
LIMIT 10
