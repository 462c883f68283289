-- name: export_destinations.rows
-- returns: many
-- params: $workspace_id, $destination_ids
-- The workspace's destinations by name; $destination_ids (NULL = all) narrows to the ones a call names.
SELECT destination_id AS "destinationId", workspace_id AS "workspaceId", name, format, location, enabled,
       layout, credential_ref AS "credentialRef"
FROM export_destinations
WHERE workspace_id = $workspace_id
  AND ($destination_ids IS NULL OR list_contains($destination_ids, destination_id))
ORDER BY lower(name), destination_id

-- name: export_destinations.disconnect
-- returns: exec
-- params: $destination_id
-- Forget the stored Notion token (a save without credentialRef disconnects; delete removes it).
DELETE FROM export_credentials WHERE destination_id = $destination_id

-- name: export_destinations.connect_notion
-- returns: exec
-- params: $destination_id, $ciphertext, $now_ms
-- `exports notion connect`: the token, encrypted with the data root's key (kept outside the database).
INSERT OR REPLACE INTO export_credentials (destination_id, ciphertext, created_at) VALUES ($destination_id, $ciphertext, $now_ms)

-- name: export_destinations.set_credential_ref
-- returns: exec
-- params: $destination_id, $credential_ref, $now_ms
-- A connected Notion destination refers to its stored connection as export::<destinationId>.
UPDATE export_destinations SET credential_ref = $credential_ref, updated_at = greatest($now_ms, updated_at + 1)
WHERE destination_id = $destination_id
