-- name: documents.read
-- returns: one
-- params: $workspace_id, $document_id, $offset
-- The whole extracted text (null until extracted; the engine pages it) and its length.
SELECT document_id AS "documentId", title, status, index_progress AS "indexProgress",
       length(text) AS "totalChars", $offset AS "offset", text
FROM documents
WHERE workspace_id = $workspace_id AND document_id = $document_id
