-- name: documents.list
-- returns: one
-- params: $workspace_id, $project_id, $session_id, $words, $limit
-- when-null: words tb_has_all tb_unfiltered
-- Documents (document_rows) pinned first, then most recently changed; the query needs every word
-- in the title.
SELECT coalesce(list(shown ORDER BY pinned DESC, updated_at DESC, document_id), []) AS documents
FROM (SELECT * FROM document_rows
      WHERE workspace_id = $workspace_id
        AND ($project_id IS NULL OR project_id = $project_id)
        AND ($session_id IS NULL OR document_id IN (SELECT document_id FROM session_documents
                                                    WHERE session_id = $session_id))
        AND tb_has_all(title, $words)
      ORDER BY pinned DESC, updated_at DESC, document_id
      LIMIT $limit)
