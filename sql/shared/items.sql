-- The kinds of item ids name ([item.<name>] in ops.toml, talkbar/items.py): the state of one item,
-- whatever it is (in the Trash or not), for the one rule that tells "unknown" from "in the
-- Trash"; the writes that trash, restore and pin behave alike with (each moves updated_at strictly
-- forward); the sessions whose pages show an item.

-- name: items.project_state
-- returns: one
-- params: $workspace_id, $item_id
SELECT trashed_at AS "trashedAt", pinned FROM projects
WHERE workspace_id = $workspace_id AND project_id = $item_id

-- name: items.project_trash
-- returns: exec
-- params: $workspace_id, $item_id, $trashed_at, $now_ms
UPDATE projects SET trashed_at = $trashed_at, updated_at = greatest($now_ms, updated_at + 1)
WHERE workspace_id = $workspace_id AND project_id = $item_id

-- name: items.project_pin
-- returns: exec
-- params: $workspace_id, $item_id, $pinned, $now_ms
UPDATE projects SET pinned = $pinned, updated_at = greatest($now_ms, updated_at + 1)
WHERE workspace_id = $workspace_id AND project_id = $item_id

-- name: items.note_state
-- returns: one
-- params: $workspace_id, $item_id
-- Also what note writes check: the updatedAt a conflict compares, embedded content.
SELECT trashed_at AS "trashedAt", pinned, updated_at AS "updatedAt",
       has_embedded_content AS "hasEmbeddedContent"
FROM notes
WHERE workspace_id = $workspace_id AND note_id = $item_id

-- name: items.note_trash
-- returns: exec
-- params: $workspace_id, $item_id, $trashed_at, $now_ms
UPDATE notes SET trashed_at = $trashed_at, updated_at = greatest($now_ms, updated_at + 1)
WHERE workspace_id = $workspace_id AND note_id = $item_id

-- name: items.note_pin
-- returns: exec
-- params: $workspace_id, $item_id, $pinned, $now_ms
UPDATE notes SET pinned = $pinned, updated_at = greatest($now_ms, updated_at + 1)
WHERE workspace_id = $workspace_id AND note_id = $item_id

-- name: items.chat_state
-- returns: one
-- params: $workspace_id, $item_id
SELECT trashed_at_ms AS "trashedAt", pinned FROM chats
WHERE workspace_id = $workspace_id AND chat_id = $item_id

-- name: items.chat_trash
-- returns: exec
-- params: $workspace_id, $item_id, $trashed_at, $now_ms
UPDATE chats SET trashed_at_ms = $trashed_at, updated_at = greatest($now_ms, updated_at + 1)
WHERE workspace_id = $workspace_id AND chat_id = $item_id

-- name: items.session_state
-- returns: one
-- params: $workspace_id, $item_id
-- A session with what the operations on it check first: unknown, in the Trash, recording (the
-- refusals of participant changes and trash), where a bookmark or an item may sit in it.
SELECT session_id AS "sessionId", title, status, started_at_ms AS "startedAtMs",
       ended_at_ms AS "endedAtMs", project_id AS "projectId", series_id AS "seriesId", private,
       memory_mode AS "memoryMode", trashed_at AS "trashedAt", pinned, revision
FROM sessions
WHERE workspace_id = $workspace_id AND session_id = $item_id

-- name: items.session_trash
-- returns: exec
-- params: $workspace_id, $item_id, $trashed_at
-- Into the Trash (a date) or back (null); the page's revision moves with it (talkbar/items.py).
UPDATE sessions SET trashed_at = $trashed_at
WHERE workspace_id = $workspace_id AND session_id = $item_id

-- name: items.session_pin
-- returns: exec
-- params: $workspace_id, $item_id, $pinned
-- Pinned or not; the page's revision moves with it.
UPDATE sessions SET pinned = $pinned
WHERE workspace_id = $workspace_id AND session_id = $item_id

-- name: items.document_state
-- returns: one
-- params: $workspace_id, $item_id
-- Documents have no Trash: only the app adds or deletes them.
SELECT NULL AS "trashedAt", pinned FROM documents
WHERE workspace_id = $workspace_id AND document_id = $item_id

-- name: items.topic_state
-- returns: one
-- params: $workspace_id, $item_id
SELECT NULL AS "trashedAt" FROM topics
WHERE workspace_id = $workspace_id AND topic_id = $item_id

-- name: items.series_state
-- returns: one
-- params: $workspace_id, $item_id
-- An archived series is still a series: its items stay findable.
SELECT NULL AS "trashedAt" FROM series
WHERE workspace_id = $workspace_id AND series_id = $item_id

-- name: items.series_kind_state
-- returns: one
-- params: $workspace_id, $item_id
-- A workspace's own kind of series (series.kinds.create).
SELECT NULL AS "trashedAt" FROM series_kinds
WHERE workspace_id = $workspace_id AND kind_id = $item_id

-- name: items.template_state
-- returns: one
-- params: $workspace_id, $item_id
SELECT NULL AS "trashedAt" FROM templates
WHERE workspace_id = $workspace_id AND template_id = $item_id

-- name: items.person_state
-- returns: one
-- params: $workspace_id, $item_id
SELECT NULL AS "trashedAt" FROM contacts
WHERE workspace_id = $workspace_id AND contact_id = $item_id

-- name: items.label_state
-- returns: one
-- params: $workspace_id, $item_id
SELECT NULL AS "trashedAt", item_type AS "itemType", name FROM labels
WHERE workspace_id = $workspace_id AND label_id = $item_id

-- name: items.action_item_state
-- returns: one
-- params: $workspace_id, $item_id
-- An item hidden from its board (a removed summary item) is gone for every operation, and so is an
-- item of a session in the Trash.
SELECT NULL AS "trashedAt", a.item_type AS "itemType", a.status, a.label_id AS "labelId",
       a.session_id AS "sessionId", a.project_id AS "projectId", a.origin
FROM action_items a
LEFT JOIN sessions s ON s.session_id = a.session_id
WHERE a.workspace_id = $workspace_id AND a.item_id = $item_id AND NOT a.hidden
  AND s.trashed_at IS NULL

-- name: items.note_pages
-- returns: many
-- params: $item_id
-- Every session whose page shows the note: its own session and the sessions it is linked to.
SELECT session_id AS "sessionId" FROM note_sessions WHERE note_id = $item_id
UNION
SELECT owner_session_id FROM notes WHERE note_id = $item_id AND owner_session_id IS NOT NULL

-- name: items.action_item_pages
-- returns: many
-- params: $workspace_id, $item_id
-- The page that shows an action item: its session's, when it has one.
SELECT session_id AS "sessionId" FROM action_items
WHERE workspace_id = $workspace_id AND item_id = $item_id AND session_id IS NOT NULL

-- name: items.marker_state
-- returns: one
-- params: $workspace_id, $item_id
-- A bookmark and the session it belongs to (which must be live for any change).
SELECT marker_id AS "markerId", session_id AS "sessionId" FROM markers
WHERE workspace_id = $workspace_id AND marker_id = $item_id

-- name: items.topic_pages
-- returns: many
-- params: $workspace_id, $item_id
-- The pages that show a topic: the sessions it tags.
SELECT session_id AS "sessionId" FROM session_topics
WHERE topic_id = $item_id AND session_id IN (SELECT session_id FROM sessions WHERE workspace_id = $workspace_id)

-- name: items.memory_state
-- returns: one
-- params: $workspace_id, $item_id
-- A knowledge card's status (archive is not Trash: every status is a card).
SELECT NULL AS "trashedAt", status, pinned FROM knowledge_cards
WHERE workspace_id = $workspace_id AND memory_id = $item_id

-- name: items.company_state
-- returns: one
-- params: $workspace_id, $item_id
-- Archived companies stay companies (archive is not Trash).
SELECT NULL AS "trashedAt" FROM organizations
WHERE workspace_id = $workspace_id AND organization_id = $item_id

-- name: items.suggestion_state
-- returns: one
-- params: $workspace_id, $item_id
-- A suggestion's review state.
SELECT NULL AS "trashedAt", status, snoozed_until_ms AS "snoozedUntilMs" FROM suggestions
WHERE workspace_id = $workspace_id AND suggestion_id = $item_id

-- name: items.occurrence_state
-- returns: one
-- params: $workspace_id, $item_id
-- A meeting's status: which calendar changes it takes (each operation's `status` rule).
SELECT NULL AS "trashedAt", status FROM occurrences
WHERE workspace_id = $workspace_id AND occurrence_id = $item_id

-- name: items.job_state
-- returns: one
-- params: $workspace_id, $item_id
-- A background job's status: whether it can be cancelled or retried.
SELECT NULL AS "trashedAt", status FROM jobs
WHERE workspace_id = $workspace_id AND job_id = $item_id

-- name: items.export_batch_state
-- returns: one
-- params: $workspace_id, $item_id
-- An export batch of this workspace, with the selection it was made with.
SELECT NULL AS "trashedAt", batch_id AS "batchId", selection_json FROM export_batches
WHERE workspace_id = $workspace_id AND batch_id = $item_id
