-- name: series.refs
-- returns: one
-- params: $workspace_id, $custom_kind_id, $project_id, $anchor_contact_id, $template_id
-- Whether each item a series names is this workspace's (a project in the Trash is not).
SELECT
    EXISTS (SELECT 1 FROM series_kinds WHERE workspace_id = $workspace_id AND kind_id = $custom_kind_id) AS "customKindId",
    EXISTS (SELECT 1 FROM projects WHERE workspace_id = $workspace_id AND project_id = $project_id
            AND trashed_at IS NULL) AS "projectId",
    EXISTS (SELECT 1 FROM contacts WHERE workspace_id = $workspace_id AND contact_id = $anchor_contact_id) AS "anchorContactId",
    EXISTS (SELECT 1 FROM templates WHERE workspace_id = $workspace_id AND template_id = $template_id) AS "templateId"

-- name: series.one
-- returns: one
-- params: $workspace_id, $series_id
-- One series in series.get's shape (the view names every field once).
SELECT * FROM series_rows WHERE "workspaceId" = $workspace_id AND "seriesId" = $series_id
