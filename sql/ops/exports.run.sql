-- name: exports.run
-- returns: one
-- params: $workspace_id, $batch_id, $now_ms
-- Take the batch's next scheduled delivery (request order) and mark it exporting in the same
-- statement, so two runs (even in two processes) never take the same one.
UPDATE export_deliveries SET status = 'exporting', error = NULL, updated_at_ms = greatest($now_ms, updated_at_ms + 1)
WHERE delivery_id = (SELECT delivery_id FROM export_deliveries
                     WHERE workspace_id = $workspace_id AND batch_id = $batch_id AND status = 'scheduled'
                     ORDER BY ord, delivery_id LIMIT 1)
RETURNING delivery_id AS "deliveryId", session_id AS "sessionId", destination_id AS "destinationId"

-- name: exports.run:stale
-- returns: exec
-- params: $workspace_id, $batch_id, $before_ms, $error, $now_ms
-- A delivery left exporting by a run that died (a killed process) needs attention after a while.
UPDATE export_deliveries SET status = 'needsAttention', error = $error, updated_at_ms = $now_ms
WHERE workspace_id = $workspace_id AND batch_id = $batch_id AND status = 'exporting' AND updated_at_ms < $before_ms

-- name: exports.run:stale_runs
-- returns: exec
-- params: $batch_id, $before_ms, $error, $now_ms
-- ... and so does the attempt that never finished.
UPDATE export_runs SET status = 'needsAttention', error = $error, finished_at_ms = $now_ms
WHERE batch_id = $batch_id AND status = 'exporting' AND started_at_ms < $before_ms

-- name: exports.run:waiting
-- returns: many
-- params: $workspace_id, $batch_id
-- Deliveries that wait for the session (summary, audio): each run looks again whether it is ready.
SELECT delivery_id AS "deliveryId", session_id AS "sessionId"
FROM export_deliveries
WHERE workspace_id = $workspace_id AND batch_id = $batch_id
  AND status IN ('waitingForSummary', 'waitingForAudio')
ORDER BY ord, delivery_id

-- name: exports.run:start
-- returns: exec
-- params: $run_id, $batch_id, $delivery_id, $now_ms
-- One attempt, recorded as it starts (exports.runs shows it while it runs).
INSERT INTO export_runs (run_id, batch_id, delivery_id, status, started_at_ms)
VALUES ($run_id, $batch_id, $delivery_id, 'exporting', $now_ms)

-- name: exports.run:destination
-- returns: one
-- params: $destination_id
-- The destination a delivery goes to, with its stored Notion connection (ciphertext) if any. A
-- destination deleted since the batch was made has no row.
SELECT d.destination_id AS "destinationId", d.name, d.format, d.location, d.layout, d.enabled,
       d.credential_ref AS "credentialRef", c.ciphertext
FROM export_destinations d
LEFT JOIN export_credentials c ON c.destination_id = d.destination_id
WHERE d.destination_id = $destination_id

-- name: exports.run:claims
-- returns: many
-- params: $destination_id
-- What TalkBar wrote at this destination: target -> session and content hash (conflicts, collisions).
SELECT target, session_id AS "sessionId", content_hash AS "contentHash"
FROM export_files WHERE destination_id = $destination_id

-- name: exports.run:status_of
-- returns: value
-- params: $delivery_id
-- Read between the steps of a long delivery: whether exports.cancel cancelled it meanwhile.
SELECT status FROM export_deliveries WHERE delivery_id = $delivery_id

-- name: exports.run:finish
-- returns: one
-- params: $delivery_id, $from_status, $status, $location, $error, $conflict_json, $written_json, $now_ms
-- Record the outcome only if the delivery is still where this attempt left it; a delivery cancelled
-- meanwhile stays cancelled (no row comes back).
UPDATE export_deliveries
SET status = $status, location = coalesce($location, location), error = $error, conflict_json = $conflict_json,
    written_json = coalesce($written_json, written_json), updated_at_ms = greatest($now_ms, updated_at_ms + 1)
WHERE delivery_id = $delivery_id AND status = $from_status
RETURNING delivery_id

-- name: exports.run:finish_run
-- returns: exec
-- params: $run_id, $status, $error, $now_ms
-- The attempt's own outcome (cancelled when exports.cancel came first).
UPDATE export_runs SET status = $status, error = $error, finished_at_ms = $now_ms WHERE run_id = $run_id

-- name: exports.run:claim
-- returns: exec
-- params: $workspace_id, $destination_id, $targets, $hashes, $session_id, $delivery_id, $now_ms
-- The targets just written, with the hash of what was written (replacing earlier claims on them).
INSERT OR REPLACE INTO export_files (workspace_id, destination_id, target, session_id, content_hash, delivery_id, written_at_ms)
SELECT $workspace_id, $destination_id, unnest($targets), $session_id, unnest($hashes), $delivery_id, $now_ms

-- name: exports.run:release
-- returns: exec
-- params: $destination_id, $targets
-- Targets TalkBar no longer claims (kept external, or saved beside as a copy): never written again.
DELETE FROM export_files WHERE destination_id = $destination_id AND list_contains($targets, target)

-- name: exports.run:due_batches
-- returns: many
-- params: $workspace_id
-- Batches with work the worker can do: deliveries scheduled, or waiting for a session to be ready.
SELECT batch_id AS "batchId"
FROM export_deliveries
WHERE workspace_id = $workspace_id
  AND status IN ('scheduled', 'waitingForSummary', 'waitingForAudio')
GROUP BY batch_id
ORDER BY min(created_at_ms), batch_id

-- name: exports.run:auto_candidates
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

-- name: exports.run:auto_plan
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

-- name: exports.run:auto_due
-- returns: many
-- params: $workspace_id, $now_ms
-- Export jobs whose time has come.
SELECT job_id AS "jobId", scope_id AS "ruleId", target_id AS "sessionId", dedupe_key AS "dedupeKey"
FROM jobs
WHERE workspace_id = $workspace_id AND job_kind = 'export' AND status = 'pending' AND run_at_ms <= $now_ms
ORDER BY run_at_ms, job_id

-- name: exports.run:auto_done
-- returns: exec
-- params: $job_ids, $statuses, $errors, $payloads, $now_ms
-- The due jobs, all at once: each made its batch (succeeded, payload {"batchId"}) or had nothing
-- to do (skipped, why).
UPDATE jobs SET status = d.status, attempt_count = jobs.attempt_count + 1, last_error = d.error,
       payload_json = d.payload, started_at_ms = $now_ms, completed_at_ms = $now_ms, updated_at_ms = $now_ms
FROM (SELECT unnest($job_ids) AS job_id, unnest($statuses) AS status, unnest($errors) AS error,
             unnest($payloads) AS payload) d
WHERE jobs.job_id = d.job_id

-- name: exports.run:auto_job_run
-- returns: exec
-- params: $run_ids, $job_ids, $statuses, $errors, $payloads, $now_ms
-- Each job's one attempt, as scheduler.job.get shows it.
INSERT INTO job_runs (run_id, job_id, attempt_number, status, started_at_ms, finished_at_ms, error, output_json)
SELECT unnest($run_ids), unnest($job_ids), 1, unnest($statuses), $now_ms, $now_ms, unnest($errors), unnest($payloads)
