-- name: documents.get
-- returns: one
-- params: $workspace_id, $document_id
-- What documents.get adds to the document's list row; the preview is the start of its text.
SELECT size_bytes AS "sizeBytes", source_kind AS "sourceKind", index_progress AS "indexProgress",
       tb_snippet(text, 160) AS preview,
       created_at AS "createdAt"
FROM documents
WHERE workspace_id = $workspace_id AND document_id = $document_id
