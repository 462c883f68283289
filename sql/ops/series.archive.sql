-- name: series.archive
-- returns: exec
-- params: $workspace_id, $series_id, $archived, $now_ms
-- Into the archive (the date of the first archiving is kept) or out of it.
UPDATE series SET archived_at_ms = CASE WHEN $archived THEN coalesce(archived_at_ms, $now_ms) END,
    updated_at = greatest($now_ms, updated_at + 1)
WHERE workspace_id = $workspace_id AND series_id = $series_id

-- name: series.archive:skip_passed
-- returns: exec
-- params: $workspace_id, $series_id, $now_ms
-- Back from the archive: planned meetings whose time passed meanwhile were neither held nor missed;
-- they are skipped. Future ones come back as they were.
UPDATE occurrences SET status = 'skipped', snoozed_until_ms = NULL, updated_at = greatest($now_ms, updated_at + 1)
WHERE workspace_id = $workspace_id AND series_id = $series_id AND status = 'planned'
  AND tb_occurrence_end(planned_start_at_ms, duration_minutes) <= $now_ms
