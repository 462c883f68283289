-- name: access.settings
-- returns: many
-- params: none
-- The MCP Access switches that are not per operation (absent = the default, off).
SELECT key, value FROM access_settings

-- name: access.toggles
-- returns: many
-- params: none
-- Operation switches the user changed; every other operation has its default from ops.toml.
SELECT operation, enabled FROM access_toggles

-- name: access.set_setting
-- returns: exec
-- params: $key, $value
INSERT OR REPLACE INTO access_settings VALUES ($key, $value)

-- name: access.set_toggle
-- returns: exec
-- params: $operation, $enabled
INSERT OR REPLACE INTO access_toggles VALUES ($operation, $enabled)

-- name: access.reset
-- returns: exec
-- params: none
-- "Reset to defaults": every operation back to its default; the master switch stays as it is.
DELETE FROM access_toggles
