-- name: series.update
-- returns: exec
-- params: $workspace_id, $series_id, $name, $set_name, $kind, $custom_kind_id, $description, $set_description, $project_id, $set_project_id, $anchor_contact_id, $set_anchor_contact_id, $template_id, $set_template_id, $now_ms
-- Only the fields given change ($set_* says which; null clears); kind and custom kind arrive resolved
-- together so that they always agree.
UPDATE series SET
    name = CASE WHEN $set_name THEN $name ELSE name END,
    kind = $kind,
    custom_kind_id = $custom_kind_id,
    description = CASE WHEN $set_description THEN $description ELSE description END,
    project_id = CASE WHEN $set_project_id THEN $project_id ELSE project_id END,
    anchor_contact_id = CASE WHEN $set_anchor_contact_id THEN $anchor_contact_id ELSE anchor_contact_id END,
    template_id = CASE WHEN $set_template_id THEN $template_id ELSE template_id END,
    updated_at = greatest($now_ms, updated_at + 1)
WHERE workspace_id = $workspace_id AND series_id = $series_id
