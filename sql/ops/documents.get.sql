-- name: documents.get
-- returns: one
-- params: $workspace_id, $document_id
-- The document's list row (document_rows) and what documents.get adds: the preview is the start of
-- its text.
SELECT unnest(r.shown), d.size_bytes AS "sizeBytes", d.source_kind AS "sourceKind",
       d.index_progress AS "indexProgress", tb_snippet(d.text, 160) AS preview, d.created_at AS "createdAt"
FROM document_rows r
JOIN documents d ON d.document_id = r.document_id
WHERE r.workspace_id = $workspace_id AND r.document_id = $document_id
