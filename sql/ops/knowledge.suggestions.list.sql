-- name: knowledge.suggestions.list
-- returns: one
-- params: $workspace_id, $status, $kind, $project_id, $words, $after_created_at, $after_suggestion_id, $now_ms, $limit
-- when-null: words tb_suggestion_has_all tb_unfiltered
-- Newest first, then by id (the cursor carries both), one more than asked (the engine pages it). A
-- snoozed suggestion stays pending but is left out of the pending list until its time. The text
-- filter reads every value of the proposal and the evidence quotes, folded as suggestion_facts keeps
-- them (tb_suggestion_has_all, sql/schema/1130_suggestion_facts.sql).
WITH page AS (
    SELECT * FROM suggestion_rows
    WHERE workspace_id = $workspace_id
      AND ($status IS NULL OR (status = $status AND (status <> 'pending' OR coalesce(snoozed_until_ms, 0) <= $now_ms)))
      AND ($kind IS NULL OR kind = $kind)
      AND ($project_id IS NULL OR project_id = $project_id)
      AND tb_suggestion_has_all(suggestion_id, $words)
      AND ($after_suggestion_id IS NULL OR created_at < $after_created_at
           OR (created_at = $after_created_at AND suggestion_id < $after_suggestion_id))
    ORDER BY created_at DESC, suggestion_id DESC
    LIMIT $limit + 1
)
SELECT coalesce(list(shown ORDER BY created_at DESC, suggestion_id DESC), []) AS suggestions FROM page
