-- name: series.create
-- returns: exec
-- params: $workspace_id, $series_id, $name, $kind, $custom_kind_id, $description, $project_id, $anchor_contact_id, $template_id, $now_ms
-- A new series at the caller's id; its start template is the app's to write (null here).
INSERT INTO series (workspace_id, series_id, name, kind, custom_kind_id, description, project_id,
                    anchor_contact_id, template_id, start_template_json, archived_at_ms, created_at, updated_at)
VALUES ($workspace_id, $series_id, $name, $kind, $custom_kind_id, $description, $project_id,
        $anchor_contact_id, $template_id, NULL, NULL, $now_ms, $now_ms)

-- name: series.create:taken
-- returns: value
-- params: $series_id
-- Series ids are the caller's choice and unique in the data root.
SELECT count(*) > 0 FROM series WHERE series_id = $series_id
