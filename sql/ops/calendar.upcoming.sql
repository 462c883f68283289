-- name: calendar.upcoming
-- returns: one
-- params: $workspace_id, $start_at_ms, $end_at_ms, $statuses, $include_archived, $limit, $offset
-- Meetings that overlap [start, end] (they start by its end and end after its start), soonest
-- first, one more than asked (the engine pages them); without statuses: planned, started, completed
-- and missed. Planned meetings of archived series are hidden, as in the app's calendar, unless asked
-- for. `prepared` stands in for the launch settings themselves.
WITH shown AS (
SELECT * EXCLUDE (workspace_id, series_archived, "preparedSetupJson"),
       "preparedSetupJson" IS NOT NULL AS prepared
FROM calendar_occurrences
WHERE workspace_id = $workspace_id
  AND "plannedStartAtMs" <= $end_at_ms
  AND tb_occurrence_end("plannedStartAtMs", "durationMinutes") > $start_at_ms
  AND list_contains(CASE WHEN len(coalesce($statuses, [])) = 0 THEN ['planned', 'started', 'completed', 'missed']
                         ELSE $statuses END, status)
  AND ($include_archived OR NOT (series_archived AND status = 'planned'))
ORDER BY "plannedStartAtMs", "occurrenceId"
LIMIT $limit + 1 OFFSET $offset
)
SELECT coalesce(list(shown ORDER BY "plannedStartAtMs", "occurrenceId"), []) AS occurrences FROM shown
