-- name: series.schedule.get
-- returns: one
-- params: $workspace_id, $series_id
-- The series' schedule in series.schedule.get's shape (a series has at most one).
SELECT * EXCLUDE (workspace_id) FROM schedule_rows
WHERE workspace_id = $workspace_id AND "seriesId" = $series_id
