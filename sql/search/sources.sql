-- The searchable text of each kind of item, read by the index (talkbar/search/index.py).
-- $ids NULL reads every item of the workspace (a rebuild), else only those ids. Trashed and
-- archived items are indexed too: visibility is decided when searching, so trashing, restoring
-- and archiving never have to touch the index.

-- name: search.source.session
-- returns: many
-- params: $workspace_id, $ids, $first_no, $last_no
-- Title; own text = the selected summary (or, with none selected, every summary), its sections
-- and the keywords. A rebuild reads the sessions a range of their keys at a time ($first_no ..
-- $last_no; NULL: all), so that what it holds does not grow with the number of sessions; in their
-- order, which numbers them for search (the joins gave them out 2,048 at a time in any order, and
-- sessions that score the same came out in another order after a restore).
WITH s AS (
    SELECT session_id, session_no, title FROM sessions
    WHERE workspace_id = $workspace_id AND ($ids IS NULL OR list_contains($ids, session_id))
      AND ($first_no IS NULL OR session_no BETWEEN $first_no AND $last_no)
),
summ AS (
    SELECT m.session_id, m.length, m.text FROM summaries m JOIN s USING (session_id)
    WHERE m.selected OR NOT EXISTS (SELECT 1 FROM summaries x WHERE x.session_id = m.session_id AND x.selected)
),
sect AS (
    SELECT x.session_id, list(x.text ORDER BY x.length, x.ord) AS sections
    FROM summary_sections x JOIN summ USING (session_id, length) GROUP BY x.session_id
),
kw AS (
    SELECT k.session_id, list(k.keyword ORDER BY k.ord) AS keywords
    FROM session_keywords k JOIN s USING (session_id) GROUP BY k.session_id
)
SELECT s.session_id AS id, s.title,
       (SELECT list(summ.text ORDER BY summ.length) FROM summ WHERE summ.session_id = s.session_id) AS summaries,
       sect.sections, kw.keywords
FROM s LEFT JOIN sect USING (session_id) LEFT JOIN kw USING (session_id)
ORDER BY s.session_no

-- name: search.source.note
-- returns: many
-- params: $workspace_id, $ids
-- Title and Markdown.
SELECT note_id AS id, title, [markdown] AS body FROM notes
WHERE workspace_id = $workspace_id AND ($ids IS NULL OR list_contains($ids, note_id))

-- name: search.source.document
-- returns: many
-- params: $workspace_id, $ids
-- Title; the extracted text is indexed content (passages), not own text.
SELECT document_id AS id, title, []::VARCHAR[] AS body, text AS content FROM documents
WHERE workspace_id = $workspace_id AND ($ids IS NULL OR list_contains($ids, document_id))

-- name: search.source.chat
-- returns: many
-- params: $workspace_id, $ids
-- Title and every message.
SELECT c.chat_id AS id, c.title,
       coalesce((SELECT list(m.content ORDER BY m.sequence) FROM chat_messages m WHERE m.chat_id = c.chat_id), []) AS body
FROM chats c
WHERE c.workspace_id = $workspace_id AND ($ids IS NULL OR list_contains($ids, c.chat_id))

-- name: search.source.action_item
-- returns: many
-- params: $workspace_id, $ids
-- Title and details.
SELECT item_id AS id, title, [coalesce(details, '')] AS body FROM action_items
WHERE workspace_id = $workspace_id AND ($ids IS NULL OR list_contains($ids, item_id))

-- name: search.source.project
-- returns: many
-- params: $workspace_id, $ids
-- Name and description.
SELECT project_id AS id, name AS title, [coalesce(description, '')] AS body FROM projects
WHERE workspace_id = $workspace_id AND ($ids IS NULL OR list_contains($ids, project_id))

-- name: search.source.series
-- returns: many
-- params: $workspace_id, $ids
-- Name and description.
SELECT series_id AS id, name AS title, [coalesce(description, '')] AS body FROM series
WHERE workspace_id = $workspace_id AND ($ids IS NULL OR list_contains($ids, series_id))

-- name: search.source.person
-- returns: many
-- params: $workspace_id, $ids
-- Name; own text = email.
SELECT contact_id AS id, name AS title, [coalesce(email, '')] AS body FROM contacts
WHERE workspace_id = $workspace_id AND ($ids IS NULL OR list_contains($ids, contact_id))

-- name: search.source.company
-- returns: many
-- params: $workspace_id, $ids
-- Name; own text = website.
SELECT organization_id AS id, name AS title, [website] AS body FROM organizations
WHERE workspace_id = $workspace_id AND ($ids IS NULL OR list_contains($ids, organization_id))

-- name: search.source.memory
-- returns: many
-- params: $workspace_id, $ids
-- Title and body.
SELECT memory_id AS id, title, [body] AS body FROM knowledge_cards
WHERE workspace_id = $workspace_id AND ($ids IS NULL OR list_contains($ids, memory_id))

-- name: search.source.turns
-- returns: many
-- params: $item_no, $session_id
-- A session's turns changed after the last one indexed (turns' changed_at_ms only grows), with
-- the passage each replaces (its text and time: a turn made final that says the same keeps its
-- passage, index.py). The item number is passed in (NULL for a session never indexed:
-- then every turn is new), so that the reads of search_docs are filters on a constant its zone
-- maps can answer (a live turn pays this on every append); the session's turns are read by its
-- integer key, joined (migration 0850), not by its id, which read every turn of the archive.
-- The speaker's name is part of the passage, so "what did Dana say" finds Dana's turns (the
-- participant's own name, else their person's: recorder.speaker_name reads it so for a recorder).
SELECT t.turn_id AS part, t.start_ms AS t_ms, t.changed_at_ms AS changed,
       coalesce(p.name, c.name) AS speaker, t.text, d.doc_no AS old_doc, d.len AS old_len, d.text AS old_text,
       d.t_ms AS old_t_ms, d.changed AS old_changed
FROM (SELECT t.* FROM turns t JOIN sessions s ON s.session_no = t.session_no
      WHERE s.session_id = $session_id
        AND t.changed_at_ms > (SELECT coalesce(max(changed), -1) FROM search_docs
                               WHERE item_no = $item_no AND field = 2)) t
LEFT JOIN session_participants p ON p.session_id = t.session_id AND p.speaker_id = t.speaker_id
LEFT JOIN contacts c ON c.contact_id = p.contact_id
LEFT JOIN (SELECT doc_no, len, part, text, t_ms, changed FROM search_docs WHERE item_no = $item_no AND field = 2) d
    ON d.part = t.turn_id
ORDER BY t.seq
