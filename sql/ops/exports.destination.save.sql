-- name: exports.destination.save
-- returns: exec
-- params: $workspace_id, $destination_id, $name, $format, $location, $enabled, $layout, $credential_ref, $now_ms
-- Saving replaces the whole destination (its creation time stays).
INSERT INTO export_destinations (workspace_id, destination_id, name, format, location, enabled, layout,
                                 credential_ref, created_at, updated_at)
VALUES ($workspace_id, $destination_id, $name, $format, $location, $enabled, $layout, $credential_ref, $now_ms, $now_ms)
ON CONFLICT (destination_id) DO UPDATE SET
    name = excluded.name, format = excluded.format, location = excluded.location, enabled = excluded.enabled,
    layout = excluded.layout, credential_ref = excluded.credential_ref,
    updated_at = greatest(excluded.updated_at, export_destinations.updated_at + 1)

-- name: exports.destination.save:owner
-- returns: value
-- params: $destination_id
-- Ids are chosen by the caller: one taken in another workspace cannot be saved here.
SELECT workspace_id FROM export_destinations WHERE destination_id = $destination_id

-- name: exports.destination.save:connected
-- returns: value
-- params: $destination_id
-- Whether a Notion token is stored for the destination (only the app or `exports notion connect` store one).
SELECT count(*) > 0 FROM export_credentials WHERE destination_id = $destination_id
