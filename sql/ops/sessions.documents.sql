-- name: sessions.documents
-- returns: one
-- params: $workspace_id, $session_id
-- The documents added to the session, by title.
SELECT s.session_id AS "sessionId", s.private,
       coalesce((SELECT list({'documentId': d.document_id, 'title': d.title, 'fileType': d.file_type,
                              'status': d.status, 'pinned': d.pinned, 'projectId': d.project_id,
                              'updatedAt': d.updated_at}
                             ORDER BY lower(d.title), d.document_id)
                 FROM session_documents x JOIN documents d ON d.document_id = x.document_id
                 WHERE x.session_id = s.session_id AND d.workspace_id = s.workspace_id), []) AS documents
FROM sessions s
WHERE s.workspace_id = $workspace_id AND s.session_id = $session_id
