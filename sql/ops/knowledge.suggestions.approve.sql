-- name: knowledge.suggestions.approve
-- returns: value
-- params: $workspace_id, $session_id, $document_id
-- Which source of a suggestion is gone, if any: its session (in the Trash or deleted), or its document.
SELECT CASE
    WHEN $session_id IS NOT NULL AND $session_id NOT IN (
        SELECT session_id FROM sessions WHERE workspace_id = $workspace_id AND trashed_at IS NULL) THEN 'session'
    WHEN $document_id IS NOT NULL AND $document_id NOT IN (
        SELECT document_id FROM documents WHERE workspace_id = $workspace_id) THEN 'document'
END
