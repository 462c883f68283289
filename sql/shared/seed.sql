-- name: seed.meta
-- returns: exec
-- params: $cursor_secret
-- A new data root: the TalkBar mark and the key that signs paging cursors.
INSERT INTO meta VALUES ('app', 'talkbar'), ('cursor_secret', $cursor_secret)

-- name: seed.profile
-- returns: exec
-- params: $profile_id, $now_ms
INSERT INTO profiles (profile_id, name, is_default, placeholder, created_at, updated_at)
VALUES ($profile_id, '', true, true, $now_ms, $now_ms)

-- name: seed.workspace
-- returns: exec
-- params: $workspace_id, $profile_id, $now_ms
-- One empty workspace, open in the app; an import replaces it while it is still empty.
INSERT INTO workspaces (workspace_id, name, active, profile_id, placeholder, created_at, updated_at)
VALUES ($workspace_id, 'My workspace', true, $profile_id, true, $now_ms, $now_ms)

-- name: seed.license
-- returns: exec
-- params: $now_ms
INSERT INTO license (id, plan, activated_at) VALUES (1, 'free', $now_ms)
