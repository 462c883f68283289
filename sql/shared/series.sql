-- name: series.one
-- returns: one
-- params: $workspace_id, $series_id
-- One series in series.get's shape (the view names every field once).
SELECT * FROM series_rows WHERE "workspaceId" = $workspace_id AND "seriesId" = $series_id
