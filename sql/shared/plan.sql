-- name: plan.usage
-- returns: one
-- params: $workspace_id
-- What the counted limits of a plan see: projects and sessions not in the Trash in this workspace;
-- workspaces, profiles and share links in the data root; devices on the licence (this one at least).
SELECT
    (SELECT count(*) FROM projects WHERE workspace_id = $workspace_id AND trashed_at IS NULL) AS projects,
    (SELECT count(*) FROM sessions WHERE workspace_id = $workspace_id AND trashed_at IS NULL) AS sessions,
    (SELECT count(*) FROM workspaces) AS workspaces,
    (SELECT count(*) FROM profiles) AS profiles,
    (SELECT count(*) FROM share_links) AS "shareLinks",
    greatest(1, (SELECT count(*) FROM devices)) AS devices

-- name: plan.license
-- returns: one
-- params: $now_ms
-- The activated licence, as plan.get reports it (never a key, owner or payment detail).
SELECT plan, status, paid, updates_until AS "updatesUntil",
       online_services_until AS "onlineServicesUntil", renewal_open AS "renewalOpen",
       preview_trial_plan AS "previewTrialPlan", preview_trial_expires_at AS "previewTrialExpiresAt",
       coalesce(preview_trial_expires_at > $now_ms, false) AS "previewTrialActive",
       environment
FROM license WHERE id = 1
