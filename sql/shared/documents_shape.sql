-- name: documents.row
-- returns: one
-- params: $workspace_id, $document_id
-- A document as documents.list shows it (document_rows), which documents.update answers.
SELECT unnest(shown) FROM document_rows WHERE workspace_id = $workspace_id AND document_id = $document_id
