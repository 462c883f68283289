-- name: calendar.actionable
-- returns: many
-- params: $workspace_id, $now_ms
-- Reminders whose time (or snooze) has come and whose meeting is still planned, not over, not quiet
-- and outside the archive. A meeting with several reminders due shows its latest one: the app asks
-- once per meeting. Soonest first.
SELECT r.job_id AS "jobId", r.occurrence_id AS "occurrenceId", r.offset_minutes AS "offsetMinutes",
       r.remind_at_ms AS "remindAtMs", r.status, r.snoozed_until_ms AS "snoozedUntilMs",
       r.created_at AS "createdAt", r.updated_at AS "updatedAt"
FROM reminders r
JOIN occurrences o ON o.occurrence_id = r.occurrence_id
LEFT JOIN series s ON s.series_id = o.series_id
WHERE r.workspace_id = $workspace_id AND r.status IN ('pending', 'due', 'snoozed')
  AND coalesce(r.snoozed_until_ms, r.remind_at_ms) <= $now_ms
  AND o.status = 'planned' AND NOT o.quiet AND s.archived_at_ms IS NULL
  AND tb_occurrence_end(o.planned_start_at_ms, o.duration_minutes) > $now_ms
QUALIFY row_number() OVER (PARTITION BY r.occurrence_id
                           ORDER BY coalesce(r.snoozed_until_ms, r.remind_at_ms) DESC, r.job_id) = 1
ORDER BY coalesce(r.snoozed_until_ms, r.remind_at_ms), r.job_id
