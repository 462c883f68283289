-- name: documents.read
-- returns: one
-- params: $workspace_id, $document_id
-- The whole extracted text (null until extracted): the handler pages it.
SELECT document_id AS "documentId", title, status, index_progress AS "indexProgress", text
FROM documents
WHERE workspace_id = $workspace_id AND document_id = $document_id
