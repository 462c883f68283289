-- name: access.state
-- returns: many
-- params: none
-- The whole MCP Access page in one read (it is read at every MCP call): the switches that are not
-- per operation (absent = off) and the operation switches the user changed (absent = default).
SELECT 'setting' AS kind, key AS name, value FROM access_settings
UNION ALL
SELECT 'toggle', operation, enabled FROM access_toggles

-- name: access.set_setting
-- returns: exec
-- params: $key, $value
INSERT OR REPLACE INTO access_settings VALUES ($key, $value)

-- name: access.set_toggles
-- returns: exec
-- params: $operations, $enabled
-- Switch these operations on or off in one statement (`access all on` names all 144).
INSERT OR REPLACE INTO access_toggles SELECT unnest($operations), $enabled

-- name: access.reset
-- returns: exec
-- params: none
-- "Reset to defaults": every operation back to its default; the master switch stays as it is.
DELETE FROM access_toggles
