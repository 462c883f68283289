-- `app import --replace`: remove one workspace and everything in it before it is imported
-- again. Child tables first (they hold no workspace_id of their own), then the items, then the
-- workspace itself; talkbar/fixture/importer.py runs them in this file's order.

-- name: import.delete.organization_projects
-- returns: exec
-- params: $workspace_id
DELETE FROM organization_projects WHERE organization_id IN (SELECT organization_id FROM organizations WHERE workspace_id = $workspace_id)

-- name: import.delete.contact_projects
-- returns: exec
-- params: $workspace_id
DELETE FROM contact_projects WHERE contact_id IN (SELECT contact_id FROM contacts WHERE workspace_id = $workspace_id)

-- name: import.delete.recording_runs
-- returns: exec
-- params: $workspace_id
DELETE FROM recording_runs WHERE session_id IN (SELECT session_id FROM sessions WHERE workspace_id = $workspace_id)

-- name: import.delete.summaries
-- returns: exec
-- params: $workspace_id
DELETE FROM summaries WHERE session_id IN (SELECT session_id FROM sessions WHERE workspace_id = $workspace_id)

-- name: import.delete.summary_sections
-- returns: exec
-- params: $workspace_id
DELETE FROM summary_sections WHERE session_id IN (SELECT session_id FROM sessions WHERE workspace_id = $workspace_id)

-- name: import.delete.session_keywords
-- returns: exec
-- params: $workspace_id
DELETE FROM session_keywords WHERE session_id IN (SELECT session_id FROM sessions WHERE workspace_id = $workspace_id)

-- name: import.delete.session_topics
-- returns: exec
-- params: $workspace_id
DELETE FROM session_topics WHERE session_id IN (SELECT session_id FROM sessions WHERE workspace_id = $workspace_id)

-- name: import.delete.session_documents
-- returns: exec
-- params: $workspace_id
DELETE FROM session_documents WHERE session_id IN (SELECT session_id FROM sessions WHERE workspace_id = $workspace_id)

-- name: import.delete.session_cards
-- returns: exec
-- params: $workspace_id
DELETE FROM session_cards WHERE session_id IN (SELECT session_id FROM sessions WHERE workspace_id = $workspace_id)

-- name: import.delete.session_brought_items
-- returns: exec
-- params: $workspace_id
DELETE FROM session_brought_items WHERE session_id IN (SELECT session_id FROM sessions WHERE workspace_id = $workspace_id)

-- name: import.delete.came_up_moments
-- returns: exec
-- params: $workspace_id
DELETE FROM came_up_moments WHERE session_id IN (SELECT session_id FROM sessions WHERE workspace_id = $workspace_id)

-- name: import.delete.note_sessions
-- returns: exec
-- params: $workspace_id
DELETE FROM note_sessions WHERE note_id IN (SELECT note_id FROM notes WHERE workspace_id = $workspace_id)

-- name: import.delete.note_topics
-- returns: exec
-- params: $workspace_id
DELETE FROM note_topics WHERE note_id IN (SELECT note_id FROM notes WHERE workspace_id = $workspace_id)

-- name: import.delete.action_item_assignees
-- returns: exec
-- params: $workspace_id
DELETE FROM action_item_assignees WHERE item_id IN (SELECT item_id FROM action_items WHERE workspace_id = $workspace_id)

-- name: import.delete.action_item_sources
-- returns: exec
-- params: $workspace_id
DELETE FROM action_item_sources WHERE item_id IN (SELECT item_id FROM action_items WHERE workspace_id = $workspace_id)

-- name: import.delete.knowledge_sources
-- returns: exec
-- params: $workspace_id
DELETE FROM knowledge_sources WHERE memory_id IN (SELECT memory_id FROM knowledge_cards WHERE workspace_id = $workspace_id)

-- name: import.delete.chat_facts
-- returns: exec
-- params: $workspace_id
DELETE FROM chat_facts WHERE chat_id IN (SELECT chat_id FROM chats WHERE workspace_id = $workspace_id)

-- name: import.delete.chat_messages
-- returns: exec
-- params: $workspace_id
DELETE FROM chat_messages WHERE chat_id IN (SELECT chat_id FROM chats WHERE workspace_id = $workspace_id)

-- name: import.delete.occurrence_prep_items
-- returns: exec
-- params: $workspace_id
DELETE FROM occurrence_prep_items WHERE occurrence_id IN (SELECT occurrence_id FROM occurrences WHERE workspace_id = $workspace_id)

-- name: import.delete.job_runs
-- returns: exec
-- params: $workspace_id
DELETE FROM job_runs WHERE job_id IN (SELECT job_id FROM jobs WHERE workspace_id = $workspace_id)

-- name: import.delete.export_credentials
-- returns: exec
-- params: $workspace_id
DELETE FROM export_credentials WHERE destination_id IN (SELECT destination_id FROM export_destinations WHERE workspace_id = $workspace_id)

-- name: import.delete.export_files
-- returns: exec
-- params: $workspace_id
DELETE FROM export_files WHERE workspace_id = $workspace_id

-- name: import.delete.export_runs
-- returns: exec
-- params: $workspace_id
DELETE FROM export_runs WHERE batch_id IN (SELECT batch_id FROM export_batches WHERE workspace_id = $workspace_id)

-- name: import.delete.share_links
-- returns: exec
-- params: $workspace_id
DELETE FROM share_links WHERE workspace_id = $workspace_id

-- name: import.delete.projects
-- returns: exec
-- params: $workspace_id
DELETE FROM projects WHERE workspace_id = $workspace_id

-- name: import.delete.topics
-- returns: exec
-- params: $workspace_id
DELETE FROM topics WHERE workspace_id = $workspace_id

-- name: import.delete.organizations
-- returns: exec
-- params: $workspace_id
DELETE FROM organizations WHERE workspace_id = $workspace_id

-- name: import.delete.contacts
-- returns: exec
-- params: $workspace_id
DELETE FROM contacts WHERE workspace_id = $workspace_id

-- name: import.delete.sessions
-- returns: exec
-- params: $workspace_id
DELETE FROM sessions WHERE workspace_id = $workspace_id

-- name: import.delete.session_participants
-- returns: exec
-- params: $workspace_id
DELETE FROM session_participants WHERE workspace_id = $workspace_id

-- name: import.delete.turns
-- returns: exec
-- params: $workspace_id
DELETE FROM turns WHERE workspace_id = $workspace_id

-- name: import.delete.timeline_points
-- returns: exec
-- params: $workspace_id
DELETE FROM timeline_points WHERE workspace_id = $workspace_id

-- name: import.delete.markers
-- returns: exec
-- params: $workspace_id
DELETE FROM markers WHERE workspace_id = $workspace_id

-- name: import.delete.note_facts
-- returns: exec
-- params: $workspace_id
DELETE FROM note_facts WHERE note_id IN (SELECT note_id FROM notes WHERE workspace_id = $workspace_id)

-- name: import.delete.notes
-- returns: exec
-- params: $workspace_id
DELETE FROM notes WHERE workspace_id = $workspace_id

-- name: import.delete.labels
-- returns: exec
-- params: $workspace_id
DELETE FROM labels WHERE workspace_id = $workspace_id

-- name: import.delete.action_item_facts
-- returns: exec
-- params: $workspace_id
DELETE FROM action_item_facts WHERE item_id IN (SELECT item_id FROM action_items WHERE workspace_id = $workspace_id)

-- name: import.delete.action_items
-- returns: exec
-- params: $workspace_id
DELETE FROM action_items WHERE workspace_id = $workspace_id

-- name: import.delete.card_facts
-- returns: exec
-- params: $workspace_id
DELETE FROM card_facts WHERE memory_id IN (SELECT memory_id FROM knowledge_cards WHERE workspace_id = $workspace_id)

-- name: import.delete.knowledge_cards
-- returns: exec
-- params: $workspace_id
DELETE FROM knowledge_cards WHERE workspace_id = $workspace_id

-- name: import.delete.suggestion_facts
-- returns: exec
-- params: $workspace_id
DELETE FROM suggestion_facts WHERE suggestion_id IN (SELECT suggestion_id FROM suggestions WHERE workspace_id = $workspace_id)

-- name: import.delete.suggestions
-- returns: exec
-- params: $workspace_id
DELETE FROM suggestions WHERE workspace_id = $workspace_id

-- name: import.delete.chats
-- returns: exec
-- params: $workspace_id
DELETE FROM chats WHERE workspace_id = $workspace_id

-- name: import.delete.documents
-- returns: exec
-- params: $workspace_id
DELETE FROM documents WHERE workspace_id = $workspace_id

-- name: import.delete.templates
-- returns: exec
-- params: $workspace_id
DELETE FROM templates WHERE workspace_id = $workspace_id

-- name: import.delete.series_kinds
-- returns: exec
-- params: $workspace_id
DELETE FROM series_kinds WHERE workspace_id = $workspace_id

-- name: import.delete.series
-- returns: exec
-- params: $workspace_id
DELETE FROM series WHERE workspace_id = $workspace_id

-- name: import.delete.schedules
-- returns: exec
-- params: $workspace_id
DELETE FROM schedules WHERE workspace_id = $workspace_id

-- name: import.delete.occurrences
-- returns: exec
-- params: $workspace_id
DELETE FROM occurrences WHERE workspace_id = $workspace_id

-- name: import.delete.jobs
-- returns: exec
-- params: $workspace_id
DELETE FROM jobs WHERE workspace_id = $workspace_id

-- name: import.delete.reminders
-- returns: exec
-- params: $workspace_id
DELETE FROM reminders WHERE workspace_id = $workspace_id

-- name: import.delete.export_destinations
-- returns: exec
-- params: $workspace_id
DELETE FROM export_destinations WHERE workspace_id = $workspace_id

-- name: import.delete.export_rules
-- returns: exec
-- params: $workspace_id
DELETE FROM export_rules WHERE workspace_id = $workspace_id

-- name: import.delete.export_batches
-- returns: exec
-- params: $workspace_id
DELETE FROM export_batches WHERE workspace_id = $workspace_id

-- name: import.delete.export_deliveries
-- returns: exec
-- params: $workspace_id
DELETE FROM export_deliveries WHERE workspace_id = $workspace_id

-- name: import.delete.workspaces
-- returns: exec
-- params: $workspace_id
DELETE FROM workspaces WHERE workspace_id = $workspace_id

-- name: import.existing_ids
-- returns: many
-- params: none
-- Every single-column id already in the data root, with its kind, so an import never collides.
SELECT 'workspace' AS kind, workspace_id AS id, workspace_id AS ws FROM workspaces
UNION ALL SELECT 'profile', profile_id, NULL FROM profiles
UNION ALL SELECT 'project', project_id, workspace_id FROM projects
UNION ALL SELECT 'topic', topic_id, workspace_id FROM topics
UNION ALL SELECT 'organization', organization_id, workspace_id FROM organizations
UNION ALL SELECT 'contact', contact_id, workspace_id FROM contacts
UNION ALL SELECT 'session', session_id, workspace_id FROM sessions
UNION ALL SELECT 'marker', marker_id, workspace_id FROM markers
UNION ALL SELECT 'note', note_id, workspace_id FROM notes
UNION ALL SELECT 'label', label_id, workspace_id FROM labels
UNION ALL SELECT 'actionItem', item_id, workspace_id FROM action_items
UNION ALL SELECT 'memory', memory_id, workspace_id FROM knowledge_cards
UNION ALL SELECT 'suggestion', suggestion_id, workspace_id FROM suggestions
UNION ALL SELECT 'chat', chat_id, workspace_id FROM chats
UNION ALL SELECT 'document', document_id, workspace_id FROM documents
UNION ALL SELECT 'template', template_id, workspace_id FROM templates
UNION ALL SELECT 'seriesKind', kind_id, workspace_id FROM series_kinds
UNION ALL SELECT 'series', series_id, workspace_id FROM series
UNION ALL SELECT 'schedule', schedule_id, workspace_id FROM schedules
UNION ALL SELECT 'occurrence', occurrence_id, workspace_id FROM occurrences
UNION ALL SELECT 'destination', destination_id, workspace_id FROM export_destinations
UNION ALL SELECT 'rule', rule_id, workspace_id FROM export_rules

-- name: import.placeholders
-- returns: many
-- params: none
-- The empty workspace (and profile) a new data root starts with: an import replaces them while
-- nothing has been put in them.
SELECT w.workspace_id, w.profile_id
FROM workspaces w
WHERE w.placeholder
  AND NOT EXISTS (SELECT 1 FROM sessions s WHERE s.workspace_id = w.workspace_id)
  AND NOT EXISTS (SELECT 1 FROM notes n WHERE n.workspace_id = w.workspace_id)
  AND NOT EXISTS (SELECT 1 FROM projects p WHERE p.workspace_id = w.workspace_id)

-- name: import.drop_placeholder_profile
-- returns: exec
-- params: $profile_id
DELETE FROM profiles WHERE profile_id = $profile_id AND placeholder
  AND NOT EXISTS (SELECT 1 FROM workspaces WHERE profile_id = $profile_id)

-- name: import.set_active
-- returns: exec
-- params: $workspace_id
-- Exactly one workspace is open in the app.
UPDATE workspaces SET active = (workspace_id = $workspace_id)

-- name: import.license
-- returns: exec
-- params: $plan, $now_ms
UPDATE license SET plan = $plan, paid = ($plan <> 'free'), activated_at = $now_ms WHERE id = 1

-- name: import.default_profile
-- returns: value
-- params: none
SELECT profile_id FROM profiles ORDER BY is_default DESC, created_at LIMIT 1

-- name: import.delete_profile
-- returns: exec
-- params: $profile_id
-- Profiles belong to the data root: importing one that exists replaces it in place.
DELETE FROM profiles WHERE profile_id = $profile_id
