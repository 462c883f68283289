-- name: series.list
-- returns: many
-- params: $workspace_id, $include_archived, $now_ms
-- Every series with what its row in the app shows: sessions (not in the Trash), the last one's
-- start, the next planned meeting still ahead, its project's name, its custom kind and schedule.
-- Archived series only when asked for; by name.
SELECT r.*,
       (SELECT count(*) FROM sessions x
        WHERE x.series_id = r."seriesId" AND x.trashed_at IS NULL) AS "sessionCount",
       (SELECT max(x.started_at_ms) FROM sessions x
        WHERE x.series_id = r."seriesId" AND x.trashed_at IS NULL) AS "lastSessionStartedAtMs",
       (SELECT min(o.planned_start_at_ms) FROM occurrences o
        WHERE o.series_id = r."seriesId" AND o.status = 'planned' AND o.planned_start_at_ms >= $now_ms) AS "nextPlannedAtMs",
       p.name AS "projectName",
       CASE WHEN k.kind_id IS NULL THEN NULL ELSE {'kindId': k.kind_id, 'name': k.name, 'icon': k.icon} END AS "customKind",
       CASE WHEN c.schedule_id IS NULL THEN NULL
            ELSE {'enabled': c.enabled, 'scheduleKind': c.schedule_kind, 'rrule': c.rrule, 'localDate': c.local_date,
                  'localTime': c.local_time, 'timezone': c.timezone, 'durationMinutes': c.duration_minutes} END AS schedule
FROM series_rows r
LEFT JOIN projects p ON p.project_id = r."projectId"
LEFT JOIN series_kinds k ON k.kind_id = r."customKindId"
LEFT JOIN schedules c ON c.series_id = r."seriesId"
WHERE r."workspaceId" = $workspace_id AND ($include_archived OR r."archivedAtMs" IS NULL)
ORDER BY lower(r.name), r."seriesId"
