-- name: sessions.documents
-- returns: one
-- params: $workspace_id, $session_id
-- The documents added to the session, by title.
-- trashedAt: this one statement also answers the session lookup (session_lookup.read_live).
SELECT s.session_id AS "sessionId", s.private,
       coalesce((SELECT list({'documentId': d.document_id, 'title': d.title, 'fileType': d.file_type,
                              'status': d.status, 'pinned': d.pinned, 'projectId': d.project_id,
                              'updatedAt': d.updated_at}
                             ORDER BY lower(d.title), d.document_id)
                 FROM session_documents x JOIN documents d ON d.document_id = x.document_id
                 WHERE x.session_id = $session_id AND d.workspace_id = $workspace_id), []) AS documents,
       s.trashed_at AS "trashedAt"
FROM sessions s
WHERE s.workspace_id = $workspace_id AND s.session_id = $session_id
