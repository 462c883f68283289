-- name: export_runs.start
-- returns: exec
-- params: $run_id, $batch_id, $delivery_id, $now_ms
-- One attempt, recorded as it starts (exports.runs shows it while it runs).
INSERT INTO export_runs (run_id, batch_id, delivery_id, status, started_at_ms)
VALUES ($run_id, $batch_id, $delivery_id, 'exporting', $now_ms)

-- name: export_runs.claims
-- returns: many
-- params: $destination_id
-- What TalkBar wrote at this destination: target -> session and content hash (conflicts, collisions).
SELECT target, session_id AS "sessionId", content_hash AS "contentHash"
FROM export_files WHERE destination_id = $destination_id

-- name: export_runs.destination
-- returns: one
-- params: $destination_id
-- The destination a delivery goes to, with its stored Notion connection (ciphertext) if any. A
-- destination deleted since the batch was made has no row.
SELECT d.destination_id AS "destinationId", d.name, d.format, d.location, d.layout, d.enabled,
       d.credential_ref AS "credentialRef", c.ciphertext
FROM export_destinations d
LEFT JOIN export_credentials c ON c.destination_id = d.destination_id
WHERE d.destination_id = $destination_id

-- name: export_runs.status_of
-- returns: value
-- params: $delivery_id
-- Read between the steps of a long delivery: whether exports.cancel cancelled it meanwhile.
SELECT status FROM export_deliveries WHERE delivery_id = $delivery_id

-- name: export_runs.finish
-- returns: one
-- params: $delivery_id, $from_status, $status, $location, $error, $conflict_json, $written_json, $now_ms
-- Record the outcome only if the delivery is still where this attempt left it; a delivery cancelled
-- meanwhile stays cancelled (no row comes back).
UPDATE export_deliveries
SET status = $status, location = coalesce($location, location), error = $error, conflict_json = $conflict_json,
    written_json = coalesce($written_json, written_json), updated_at_ms = greatest($now_ms, updated_at_ms + 1)
WHERE delivery_id = $delivery_id AND status = $from_status
RETURNING delivery_id

-- name: export_runs.finish_run
-- returns: exec
-- params: $run_id, $status, $error, $now_ms
-- The attempt's own outcome (cancelled when exports.cancel came first).
UPDATE export_runs SET status = $status, error = $error, finished_at_ms = $now_ms WHERE run_id = $run_id

-- name: export_runs.claim
-- returns: exec
-- params: $workspace_id, $destination_id, $targets, $hashes, $session_id, $delivery_id, $now_ms
-- The targets just written, with the hash of what was written (replacing earlier claims on them).
INSERT OR REPLACE INTO export_files (workspace_id, destination_id, target, session_id, content_hash, delivery_id, written_at_ms)
SELECT $workspace_id, $destination_id, unnest($targets), $session_id, unnest($hashes), $delivery_id, $now_ms

-- name: export_runs.release
-- returns: exec
-- params: $destination_id, $targets
-- Targets TalkBar no longer claims (kept external, or saved beside as a copy): never written again.
DELETE FROM export_files WHERE destination_id = $destination_id AND list_contains($targets, target)
