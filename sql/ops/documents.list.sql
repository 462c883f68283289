-- name: documents.list
-- returns: many
-- params: $workspace_id, $document_id, $project_id, $session_id, $words, $limit
-- Documents pinned first, then most recently changed; the query needs every word in the title.
-- $document_id narrows it to one (documents.get and documents.update answer with this row).
SELECT document_id AS "documentId", title, file_type AS "fileType", status, pinned,
       project_id AS "projectId", updated_at AS "updatedAt"
FROM documents
WHERE workspace_id = $workspace_id
  AND ($document_id IS NULL OR document_id = $document_id)
  AND ($project_id IS NULL OR project_id = $project_id)
  AND ($session_id IS NULL OR document_id IN (SELECT document_id FROM session_documents
                                              WHERE session_id = $session_id))
  AND tb_has_all(title, $words)
ORDER BY pinned DESC, updated_at DESC, document_id
LIMIT $limit
