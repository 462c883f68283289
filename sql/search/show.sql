-- What a search answer shows of each kind of item, for the best-ranked ids only, and whether the
-- item may be shown at all: never from the Trash (or a hidden action item), archived series,
-- people, companies and cards only with includeArchived. One small query per kind present in the
-- answer. Columns: id, title, body (the own text a snippet is cut from), projectId, atMs (a
-- session's start, else the last change), archived, detail, context, itemCount. A body is read up
-- to its first 100,000 characters (a snippet is cut from around its first match there): memory and
-- time stay bounded whatever the search matches, a 50 MB note included.

-- name: search.show.session
-- returns: many
-- params: $workspace_id, $ids
-- body: the shown summary (tb_summary_order) for the snippet. Summaries are read for these ids
-- only (`= ANY` lets both primary keys answer: 3.3 against 4 ms).
WITH summ AS (
    SELECT session_id, arg_min(text, tb_summary_order(selected, length)) AS text
    FROM summaries WHERE session_id = ANY($ids) GROUP BY session_id
)
SELECT s.session_id AS id, s.title, left(coalesce(summ.text, ''), 100000) AS body, s.project_id AS "projectId",
       s.started_at_ms AS "atMs", false AS archived, NULL AS detail, NULL AS context, NULL::BIGINT AS "itemCount"
FROM sessions s LEFT JOIN summ USING (session_id)
WHERE s.workspace_id = $workspace_id AND s.session_id = ANY($ids) AND s.trashed_at IS NULL

-- name: search.show.session:lean
-- returns: many
-- params: $workspace_id, $ids
-- The same for sessions matched in their transcripts only: their snippet comes from the passage,
-- so no summary is read (half the cost of the above).
SELECT s.session_id AS id, s.title, '' AS body, s.project_id AS "projectId",
       s.started_at_ms AS "atMs", false AS archived, NULL AS detail, NULL AS context, NULL::BIGINT AS "itemCount"
FROM sessions s
WHERE s.workspace_id = $workspace_id AND list_contains($ids, s.session_id) AND s.trashed_at IS NULL

-- name: search.show.note
-- returns: many
-- params: $workspace_id, $ids
-- context: the project.
SELECT n.note_id AS id, n.title, left(n.markdown, 100000) AS body, n.project_id AS "projectId", n.updated_at AS "atMs",
       false AS archived, NULL AS detail, pr.name AS context, NULL::BIGINT AS "itemCount"
FROM notes n LEFT JOIN projects pr ON pr.project_id = n.project_id
WHERE n.workspace_id = $workspace_id AND list_contains($ids, n.note_id) AND n.trashed_at IS NULL

-- name: search.show.document
-- returns: many
-- params: $workspace_id, $ids
-- detail: the file type; context: the project; body: the start of the extracted text.
SELECT d.document_id AS id, d.title, coalesce(left(d.text, 2000), '') AS body, d.project_id AS "projectId",
       d.updated_at AS "atMs", false AS archived, d.file_type AS detail, pr.name AS context, NULL::BIGINT AS "itemCount"
FROM documents d LEFT JOIN projects pr ON pr.project_id = d.project_id
WHERE d.workspace_id = $workspace_id AND list_contains($ids, d.document_id)

-- name: search.show.chat
-- returns: many
-- params: $workspace_id, $ids
-- body: the messages in order; context: the project; itemCount: messages.
WITH m AS (
    SELECT chat_id, string_agg(content, ' ' ORDER BY sequence) AS body, count(*) AS n
    FROM chat_messages WHERE list_contains($ids, chat_id) GROUP BY chat_id
)
SELECT h.chat_id AS id, h.title, left(coalesce(m.body, ''), 100000) AS body, h.project_id AS "projectId", h.updated_at AS "atMs",
       false AS archived, NULL AS detail, pr.name AS context, coalesce(m.n, 0) AS "itemCount"
FROM chats h LEFT JOIN m USING (chat_id) LEFT JOIN projects pr ON pr.project_id = h.project_id
WHERE h.workspace_id = $workspace_id AND list_contains($ids, h.chat_id) AND h.trashed_at_ms IS NULL

-- name: search.show.action_item
-- returns: many
-- params: $workspace_id, $ids
-- detail: its type and status; context: the session it came from, else the project.
SELECT a.item_id AS id, a.title, left(coalesce(a.details, ''), 100000) AS body, a.project_id AS "projectId",
       a.updated_at AS "atMs", false AS archived, a.item_type || ', ' || a.status AS detail,
       coalesce(s.title, pr.name) AS context, NULL::BIGINT AS "itemCount"
FROM action_items a LEFT JOIN sessions s ON s.session_id = a.session_id
LEFT JOIN projects pr ON pr.project_id = a.project_id
WHERE a.workspace_id = $workspace_id AND list_contains($ids, a.item_id) AND NOT a.hidden

-- name: search.show.project
-- returns: many
-- params: $workspace_id, $ids
-- detail: the project's kind; itemCount: its sessions not in the Trash.
WITH n AS (
    SELECT project_id, count(*) AS n FROM sessions
    WHERE list_contains($ids, project_id) AND trashed_at IS NULL GROUP BY project_id
)
SELECT p.project_id AS id, p.name AS title, left(coalesce(p.description, ''), 100000) AS body, p.project_id AS "projectId",
       p.updated_at AS "atMs", false AS archived, p.kind AS detail, NULL AS context, coalesce(n.n, 0) AS "itemCount"
FROM projects p LEFT JOIN n USING (project_id)
WHERE p.workspace_id = $workspace_id AND list_contains($ids, p.project_id) AND p.trashed_at IS NULL

-- name: search.show.series
-- returns: many
-- params: $workspace_id, $ids, $include_archived
-- detail: the series' kind; context: the project; itemCount: its sessions not in the Trash.
WITH n AS (
    SELECT series_id, count(*) AS n FROM sessions
    WHERE list_contains($ids, series_id) AND trashed_at IS NULL GROUP BY series_id
)
SELECT r.series_id AS id, r.name AS title, left(coalesce(r.description, ''), 100000) AS body, r.project_id AS "projectId",
       r.updated_at AS "atMs", r.archived_at_ms IS NOT NULL AS archived, r.kind AS detail, pr.name AS context,
       coalesce(n.n, 0) AS "itemCount"
FROM series r LEFT JOIN n USING (series_id) LEFT JOIN projects pr ON pr.project_id = r.project_id
WHERE r.workspace_id = $workspace_id AND list_contains($ids, r.series_id)
  AND (r.archived_at_ms IS NULL OR $include_archived)

-- name: search.show.person
-- returns: many
-- params: $workspace_id, $ids, $include_archived
-- detail: role; context: the company; the project is the first they are linked to.
WITH pj AS (
    SELECT contact_id, min(project_id) AS project_id FROM contact_projects
    WHERE list_contains($ids, contact_id) GROUP BY contact_id
)
SELECT p.contact_id AS id, p.name AS title, coalesce(p.email, '') AS body, pj.project_id AS "projectId",
       p.updated_at AS "atMs", p.archived_at_ms IS NOT NULL AS archived, p.role AS detail, o.name AS context,
       NULL::BIGINT AS "itemCount"
FROM contacts p LEFT JOIN pj USING (contact_id) LEFT JOIN organizations o ON o.organization_id = p.organization_id
WHERE p.workspace_id = $workspace_id AND list_contains($ids, p.contact_id)
  AND (p.archived_at_ms IS NULL OR $include_archived)

-- name: search.show.company
-- returns: many
-- params: $workspace_id, $ids, $include_archived
-- detail: the relationship; itemCount: people at the company not archived.
WITH pj AS (
    SELECT organization_id, min(project_id) AS project_id FROM organization_projects
    WHERE list_contains($ids, organization_id) GROUP BY organization_id
),
n AS (
    SELECT organization_id, count(*) AS n FROM contacts
    WHERE list_contains($ids, organization_id) AND archived_at_ms IS NULL GROUP BY organization_id
)
SELECT o.organization_id AS id, o.name AS title, o.website AS body, pj.project_id AS "projectId",
       o.updated_at AS "atMs", o.archived_at_ms IS NOT NULL AS archived, o.relationship AS detail, NULL AS context,
       coalesce(n.n, 0) AS "itemCount"
FROM organizations o LEFT JOIN pj USING (organization_id) LEFT JOIN n USING (organization_id)
WHERE o.workspace_id = $workspace_id AND list_contains($ids, o.organization_id)
  AND (o.archived_at_ms IS NULL OR $include_archived)

-- name: search.show.memory
-- returns: many
-- params: $workspace_id, $ids, $include_archived
-- detail: the card's type; context: the project. Archived by date or by status.
SELECT k.memory_id AS id, k.title, left(k.body, 100000) AS body, k.project_id AS "projectId", k.updated_at AS "atMs",
       k.archived_at_ms IS NOT NULL OR k.status = 'archived' AS archived, k.type AS detail, pr.name AS context,
       NULL::BIGINT AS "itemCount"
FROM knowledge_cards k LEFT JOIN projects pr ON pr.project_id = k.project_id
WHERE k.workspace_id = $workspace_id AND list_contains($ids, k.memory_id)
  AND ((k.archived_at_ms IS NULL AND k.status <> 'archived') OR $include_archived)

-- name: search.passages
-- returns: many
-- params: $docs
-- The best passages of the items matched in indexed content: where each is (a turn id and its
-- moment, or a document's `chars:<from>-<to>`) and its text as indexed, by number (an index
-- lookup; a join from the ranking read every passage).
SELECT doc_no, part, t_ms, left(coalesce(text, ''), 100000) AS text FROM search_docs WHERE list_contains($docs, doc_no)

-- name: search.items.named
-- returns: many
-- params: $items
-- What these item numbers name: an item's number comes from a sequence and never passes to another
-- item, so a search remembers the answer for its lease (talkbar/search/query.py, named()).
SELECT item_no, workspace_id, kind, item_id FROM search_items WHERE item_no = ANY($items)

-- name: search.items.named:workspace
-- returns: many
-- params: $workspace_id
-- The same for every item of a workspace, read at once when the workspace is small enough to keep.
SELECT item_no, workspace_id, kind, item_id FROM search_items WHERE workspace_id = $workspace_id

-- name: search.items.of_kinds
-- returns: value
-- params: $workspace_id, $kinds, $at_most
-- The numbers of a workspace's items of some kinds, in order, at most $at_most of them (as many means
-- too many): a search of kinds that are few ranks only these (talkbar/search/query.py, narrowing()).
SELECT coalesce(list(item_no ORDER BY item_no), []) FROM (
    SELECT item_no FROM search_items
    WHERE workspace_id = $workspace_id AND list_contains($kinds, kind)
    LIMIT $at_most)

-- name: search.items.of_project
-- returns: value
-- params: $workspace_id, $project_id, $kinds, $at_most
-- The same for the items of one project (maybe of some kinds only): a search in a project that
-- holds few of the workspace's items ranks only these.
SELECT coalesce(list(item_no ORDER BY item_no), []) FROM (
    SELECT i.item_no FROM search_items i
    JOIN search_project_items p ON p.kind = i.kind AND p.item_id = i.item_id
    WHERE i.workspace_id = $workspace_id AND p.project_id = $project_id
      AND ($kinds IS NULL OR list_contains($kinds, i.kind))
    LIMIT $at_most)
