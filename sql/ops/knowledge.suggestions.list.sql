-- name: knowledge.suggestions.list
-- returns: many
-- params: $workspace_id, $suggestion_id, $status, $kind, $project_id, $words, $after_created, $after_id, $now_ms, $limit
-- Newest first, then by id (the cursor carries both). A snoozed suggestion stays pending but is left
-- out of the pending list until its time. The text filter reads every value of the proposal and the
-- evidence quotes. With $suggestion_id and no $status it reads that one suggestion, whatever its state
-- (every suggestion operation answers with this shape). proposal and evidence are JSON text here.
SELECT suggestion_id AS "suggestionId", kind, action, status, proposal_json AS proposal,
       evidence_json AS evidence, target_id AS "targetId", confidence, project_id AS "projectId",
       session_id AS "sessionId", document_id AS "documentId", snoozed_until_ms AS "snoozedUntilMs",
       applied_card_id AS "appliedCardId", created_at AS "createdAt"
FROM suggestions
WHERE workspace_id = $workspace_id
  AND ($suggestion_id IS NULL OR suggestion_id = $suggestion_id)
  AND ($status IS NULL OR (status = $status AND (status <> 'pending' OR coalesce(snoozed_until_ms, 0) <= $now_ms)))
  AND ($kind IS NULL OR kind = $kind)
  AND ($project_id IS NULL OR project_id = $project_id)
  AND tb_has_all(array_to_string(json_extract_string(proposal_json, '$.*'), ' ') || ' ' ||
                 array_to_string(json_extract_string(evidence_json, '$[*].quote'), ' '), $words)
  AND ($after_id IS NULL OR created_at < $after_created OR (created_at = $after_created AND suggestion_id < $after_id))
ORDER BY created_at DESC, suggestion_id DESC
LIMIT $limit
