-- name: export_automation.candidates
-- returns: many
-- params: $workspace_id
-- Automatic exports: for each finished session, the nearest rule that decides (series, then
-- project, then workspace; `inherit` passes the decision up), kept when it is an override that was
-- on before the session was ready. Readiness and the due time are decided in Python (selection,
-- timing with its time zone).
WITH s AS (
    SELECT session_id, project_id, series_id
    FROM sessions
    WHERE workspace_id = $workspace_id AND trashed_at IS NULL AND status = 'complete'
), levels AS (
    SELECT s.session_id, 0 AS level, r.rule_id, r.mode
    FROM s JOIN export_rules r ON r.workspace_id = $workspace_id AND r.scope_kind = 'series' AND r.scope_id = s.series_id
    UNION ALL
    SELECT s.session_id, 1, r.rule_id, r.mode
    FROM s JOIN export_rules r ON r.workspace_id = $workspace_id AND r.scope_kind = 'project' AND r.scope_id = s.project_id
    UNION ALL
    SELECT s.session_id, 2, r.rule_id, r.mode
    FROM s JOIN export_rules r ON r.workspace_id = $workspace_id AND r.scope_kind = 'workspace' AND r.scope_id = $workspace_id
), nearest AS (
    SELECT session_id, rule_id, mode
    FROM levels
    WHERE mode <> 'inherit'
    QUALIFY row_number() OVER (PARTITION BY session_id ORDER BY level) = 1
)
SELECT n.session_id AS "sessionId", r.rule_id AS "ruleId", r.destination_ids AS "destinationIds",
       r.selection_json, r.timing_json, r.reexport_summary AS "reexportSummary",
       r.reexport_transcript AS "reexportTranscript", r.enabled_at_ms AS "enabledAtMs",
       x.status, x.audio_path AS "audioPath", coalesce(x.ended_at_ms, x.started_at_ms) AS "endedAtMs",
       sm.generated_at_ms AS "summaryGeneratedAtMs", x.transcript_changed_at AS "transcriptChangedAtMs"
FROM nearest n
JOIN export_rules r ON r.rule_id = n.rule_id
JOIN sessions x ON x.session_id = n.session_id
LEFT JOIN shown_summaries sm ON sm.session_id = n.session_id
WHERE n.mode = 'override'
  AND greatest(coalesce(x.ended_at_ms, x.started_at_ms), coalesce(sm.generated_at_ms, 0)) >= r.enabled_at_ms
ORDER BY n.session_id

-- name: export_automation.plan
-- returns: exec
-- params: $workspace_id, $job_ids, $rule_ids, $session_ids, $run_at, $dedupe_keys, $now_ms
-- One background job (job_kind 'export', queue 'exports') per rule, session and version of the
-- session's content; the dedupe key makes planning the same export twice a no-op.
INSERT INTO jobs (workspace_id, job_id, job_kind, scope_type, scope_id, target_type, target_id, queue_name,
                  run_at_ms, status, max_attempts, dedupe_key, created_at_ms, updated_at_ms)
SELECT $workspace_id, v.job_id, 'export', 'exportRule', v.rule_id, 'session', v.session_id, 'exports',
       v.run_at, 'pending', 1, v.dedupe_key, $now_ms, $now_ms
FROM (SELECT unnest($job_ids) AS job_id, unnest($rule_ids) AS rule_id, unnest($session_ids) AS session_id,
             unnest($run_at) AS run_at, unnest($dedupe_keys) AS dedupe_key) v
WHERE NOT EXISTS (SELECT 1 FROM jobs j WHERE j.job_kind = 'export' AND j.dedupe_key = v.dedupe_key)

-- name: export_automation.due
-- returns: many
-- params: $workspace_id, $now_ms
-- Export jobs whose time has come.
SELECT job_id AS "jobId", scope_id AS "ruleId", target_id AS "sessionId", dedupe_key AS "dedupeKey"
FROM jobs
WHERE workspace_id = $workspace_id AND job_kind = 'export' AND status = 'pending' AND run_at_ms <= $now_ms
ORDER BY run_at_ms, job_id

-- name: export_automation.done
-- returns: exec
-- params: $job_ids, $statuses, $errors, $payloads, $now_ms
-- The due jobs, all at once: each made its batch (succeeded, payload {"batchId"}) or had nothing
-- to do (skipped, why).
UPDATE jobs SET status = d.status, attempt_count = jobs.attempt_count + 1, last_error = d.error,
       payload_json = d.payload, started_at_ms = $now_ms, completed_at_ms = $now_ms, updated_at_ms = $now_ms
FROM (SELECT unnest($job_ids) AS job_id, unnest($statuses) AS status, unnest($errors) AS error,
             unnest($payloads) AS payload) d
WHERE jobs.job_id = d.job_id

-- name: export_automation.job_run
-- returns: exec
-- params: $run_ids, $job_ids, $statuses, $errors, $payloads, $now_ms
-- Each job's one attempt, as scheduler.job.get shows it.
INSERT INTO job_runs (run_id, job_id, attempt_number, status, started_at_ms, finished_at_ms, error, output_json)
SELECT unnest($run_ids), unnest($job_ids), 1, unnest($statuses), $now_ms, $now_ms, unnest($errors), unnest($payloads)
