-- migration: 0500_calendar
-- The calendar family's shapes and rules, named once in the database so that every query of the
-- family reads them from one place (no new tables or columns: the data model is 0001's).
--   calendar_occurrences  an occurrence as calendar.get returns it (+ workspace_id, series_archived)
--   series_rows           a series as series.get returns it
--   schedule_rows         a schedule as series.schedule.get returns it (+ workspace_id)
--   job_rows              a background job as scheduler.jobs.list returns it (+ workspace_id)
--   tb_occurrence_end     when an occurrence's time has passed (missed on tick, skipped on unarchive)
--   calendar_wanted_jobs  the reminder and auto-start jobs the calendar wants at a moment

CREATE VIEW calendar_occurrences AS
SELECT o.workspace_id,
       o.occurrence_id AS "occurrenceId", o.series_id AS "seriesId", o.schedule_id AS "scheduleId",
       o.planned_start_at_ms AS "plannedStartAtMs", o.original_start_at_ms AS "originalStartAtMs",
       o.duration_minutes AS "durationMinutes", o.timezone, o.status, o.session_id AS "sessionId",
       o.title, o.prepared_setup_json AS "preparedSetupJson",
       o.reminder_offsets_minutes AS "reminderOffsetsMinutes", o.start_mode AS "startMode",
       o.auto_start_countdown_seconds AS "autoStartCountdownSeconds", o.moved,
       o.was_scheduled AS "wasScheduled", x.title AS "sessionTitle", o.quiet,
       o.created_at AS "createdAt", o.updated_at AS "updatedAt",
       s.archived_at_ms IS NOT NULL AS series_archived
FROM occurrences o
LEFT JOIN series s ON s.series_id = o.series_id
LEFT JOIN sessions x ON x.session_id = o.session_id AND x.trashed_at IS NULL;

CREATE VIEW series_rows AS
SELECT series_id AS "seriesId", workspace_id AS "workspaceId", name, kind, custom_kind_id AS "customKindId",
       description, project_id AS "projectId", anchor_contact_id AS "anchorContactId",
       template_id AS "templateId", start_template_json AS "startTemplateJson",
       archived_at_ms AS "archivedAtMs", created_at AS "createdAt", updated_at AS "updatedAt"
FROM series;

CREATE VIEW schedule_rows AS
SELECT workspace_id, schedule_id AS "scheduleId", series_id AS "seriesId", enabled,
       schedule_kind AS "scheduleKind", timezone, local_date AS "localDate", local_time AS "localTime",
       duration_minutes AS "durationMinutes", title, rrule,
       reminder_offsets_minutes AS "reminderOffsetsMinutes", start_mode AS "startMode",
       auto_start_countdown_seconds AS "autoStartCountdownSeconds",
       effective_from_original_start_ms AS "effectiveFromOriginalStartMs",
       created_at AS "createdAt", updated_at AS "updatedAt"
FROM schedules;

CREATE VIEW job_rows AS
SELECT workspace_id, job_id AS "jobId", job_kind AS "jobKind", scope_type AS "scopeType", scope_id AS "scopeId",
       target_type AS "targetType", target_id AS "targetId", queue_name AS "queueName", priority,
       run_at_ms AS "runAtMs", status, attempt_count AS "attemptCount", max_attempts AS "maxAttempts",
       last_error AS "lastError", created_at_ms AS "createdAtMs", updated_at_ms AS "updatedAtMs",
       started_at_ms AS "startedAtMs", completed_at_ms AS "completedAtMs", cancelled_at_ms AS "cancelledAtMs",
       dedupe_key AS "dedupeKey", lease_owner AS "leaseOwner", lease_expires_at_ms AS "leaseExpiresAtMs"
FROM jobs;

CREATE MACRO tb_occurrence_end(start_ms, minutes) AS start_ms + minutes * 60000;

-- A planned meeting whose time has not passed, not quiet, outside the archive gets one reminder job per
-- offset and, when it starts automatically, one auto-start job at its start (a reminder or countdown
-- that comes due while the meeting is under way still fires). The dedupe key names the planned
-- start, so a moved meeting's old jobs are no longer wanted and its new ones are.
CREATE MACRO calendar_wanted_jobs(ws, now_ms) AS TABLE
WITH live AS (
    SELECT o.occurrence_id, o.series_id, o.planned_start_at_ms, o.reminder_offsets_minutes, o.start_mode
    FROM occurrences o
    LEFT JOIN series s ON s.series_id = o.series_id
    WHERE o.workspace_id = ws AND o.status = 'planned' AND NOT o.quiet
      AND tb_occurrence_end(o.planned_start_at_ms, o.duration_minutes) > now_ms AND s.archived_at_ms IS NULL
), offsets AS (
    SELECT occurrence_id, series_id, planned_start_at_ms, unnest(reminder_offsets_minutes) AS offset_minutes
    FROM live
)
SELECT occurrence_id, series_id, 'reminder' AS job_kind, offset_minutes,
       planned_start_at_ms - offset_minutes * 60000 AS run_at_ms,
       'reminder:' || occurrence_id || ':' || offset_minutes || ':' || planned_start_at_ms AS dedupe_key
FROM offsets
UNION ALL
SELECT occurrence_id, series_id, 'autoStart', NULL, planned_start_at_ms,
       'autoStart:' || occurrence_id || ':' || planned_start_at_ms
FROM live
WHERE start_mode = 'automatic';
