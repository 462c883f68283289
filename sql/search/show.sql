-- What a search answer shows of each kind of item, for the best-ranked ids only, and whether the
-- item may be shown at all: never from the Trash (or a hidden action item), archived series,
-- people, companies and cards only with includeArchived. One small query per kind present in the
-- answer. Columns: id, title, body (the own text a snippet is cut from), projectId, atMs (a
-- session's start, else the last change), archived, detail, context, itemCount.

-- name: search.show.session
-- returns: many
-- params: $workspace_id, $ids
-- detail: who took part; context: the project.
SELECT s.session_id AS id, s.title,
       coalesce((SELECT string_agg(m.text, ' ' ORDER BY NOT m.selected, m.length) FROM summaries m WHERE m.session_id = s.session_id), '') AS body,
       s.project_id AS "projectId", s.started_at_ms AS "atMs", false AS archived,
       (SELECT string_agg(coalesce(p.name, c.name), ', ' ORDER BY p.ord) FROM session_participants p
        LEFT JOIN contacts c ON c.contact_id = p.contact_id
        WHERE p.session_id = s.session_id AND coalesce(p.name, c.name) IS NOT NULL) AS detail,
       (SELECT name FROM projects WHERE project_id = s.project_id) AS context, NULL::BIGINT AS "itemCount"
FROM sessions s
WHERE s.workspace_id = $workspace_id AND list_contains($ids, s.session_id) AND s.trashed_at IS NULL

-- name: search.show.note
-- returns: many
-- params: $workspace_id, $ids
-- context: the project.
SELECT n.note_id AS id, n.title, n.markdown AS body, n.project_id AS "projectId", n.updated_at AS "atMs",
       false AS archived, NULL AS detail, (SELECT name FROM projects WHERE project_id = n.project_id) AS context,
       NULL::BIGINT AS "itemCount"
FROM notes n
WHERE n.workspace_id = $workspace_id AND list_contains($ids, n.note_id) AND n.trashed_at IS NULL

-- name: search.show.document
-- returns: many
-- params: $workspace_id, $ids
-- detail: the file type; context: the project. The body is empty: the text is indexed content.
SELECT d.document_id AS id, d.title, '' AS body, d.project_id AS "projectId", d.updated_at AS "atMs",
       false AS archived, d.file_type AS detail, (SELECT name FROM projects WHERE project_id = d.project_id) AS context,
       NULL::BIGINT AS "itemCount"
FROM documents d
WHERE d.workspace_id = $workspace_id AND list_contains($ids, d.document_id)

-- name: search.show.chat
-- returns: many
-- params: $workspace_id, $ids
-- context: the project; itemCount: messages.
SELECT h.chat_id AS id, h.title,
       coalesce((SELECT string_agg(m.content, ' ' ORDER BY m.sequence) FROM chat_messages m WHERE m.chat_id = h.chat_id), '') AS body,
       h.project_id AS "projectId", h.updated_at AS "atMs", false AS archived, NULL AS detail,
       (SELECT name FROM projects WHERE project_id = h.project_id) AS context,
       (SELECT count(*) FROM chat_messages m WHERE m.chat_id = h.chat_id) AS "itemCount"
FROM chats h
WHERE h.workspace_id = $workspace_id AND list_contains($ids, h.chat_id) AND h.trashed_at_ms IS NULL

-- name: search.show.action_item
-- returns: many
-- params: $workspace_id, $ids
-- detail: its type and status; context: the session it came from, else the project.
SELECT a.item_id AS id, a.title, coalesce(a.details, '') AS body, a.project_id AS "projectId",
       a.updated_at AS "atMs", false AS archived, a.item_type || ', ' || a.status AS detail,
       coalesce((SELECT title FROM sessions WHERE session_id = a.session_id),
                (SELECT name FROM projects WHERE project_id = a.project_id)) AS context,
       NULL::BIGINT AS "itemCount"
FROM action_items a
WHERE a.workspace_id = $workspace_id AND list_contains($ids, a.item_id) AND NOT a.hidden

-- name: search.show.project
-- returns: many
-- params: $workspace_id, $ids
-- detail: the project's kind; itemCount: its sessions not in the Trash.
SELECT p.project_id AS id, p.name AS title, coalesce(p.description, '') AS body, p.project_id AS "projectId",
       p.updated_at AS "atMs", false AS archived, p.kind AS detail, NULL AS context,
       (SELECT count(*) FROM sessions s WHERE s.project_id = p.project_id AND s.trashed_at IS NULL) AS "itemCount"
FROM projects p
WHERE p.workspace_id = $workspace_id AND list_contains($ids, p.project_id) AND p.trashed_at IS NULL

-- name: search.show.series
-- returns: many
-- params: $workspace_id, $ids, $include_archived
-- detail: the series' kind; context: the project; itemCount: its sessions not in the Trash.
SELECT r.series_id AS id, r.name AS title, coalesce(r.description, '') AS body, r.project_id AS "projectId",
       r.updated_at AS "atMs", r.archived_at_ms IS NOT NULL AS archived, r.kind AS detail,
       (SELECT name FROM projects WHERE project_id = r.project_id) AS context,
       (SELECT count(*) FROM sessions s WHERE s.series_id = r.series_id AND s.trashed_at IS NULL) AS "itemCount"
FROM series r
WHERE r.workspace_id = $workspace_id AND list_contains($ids, r.series_id)
  AND (r.archived_at_ms IS NULL OR $include_archived)

-- name: search.show.person
-- returns: many
-- params: $workspace_id, $ids, $include_archived
-- detail: role; context: the company; the project is the first they are linked to.
SELECT p.contact_id AS id, p.name AS title, coalesce(p.email, '') AS body,
       (SELECT min(x.project_id) FROM contact_projects x WHERE x.contact_id = p.contact_id) AS "projectId",
       p.updated_at AS "atMs", p.archived_at_ms IS NOT NULL AS archived, p.role AS detail,
       (SELECT name FROM organizations WHERE organization_id = p.organization_id) AS context,
       NULL::BIGINT AS "itemCount"
FROM contacts p
WHERE p.workspace_id = $workspace_id AND list_contains($ids, p.contact_id)
  AND (p.archived_at_ms IS NULL OR $include_archived)

-- name: search.show.company
-- returns: many
-- params: $workspace_id, $ids, $include_archived
-- detail: the relationship; itemCount: people at the company not archived.
SELECT o.organization_id AS id, o.name AS title, o.website AS body,
       (SELECT min(x.project_id) FROM organization_projects x WHERE x.organization_id = o.organization_id) AS "projectId",
       o.updated_at AS "atMs", o.archived_at_ms IS NOT NULL AS archived, o.relationship AS detail, NULL AS context,
       (SELECT count(*) FROM contacts c WHERE c.organization_id = o.organization_id AND c.archived_at_ms IS NULL) AS "itemCount"
FROM organizations o
WHERE o.workspace_id = $workspace_id AND list_contains($ids, o.organization_id)
  AND (o.archived_at_ms IS NULL OR $include_archived)

-- name: search.show.memory
-- returns: many
-- params: $workspace_id, $ids, $include_archived
-- detail: the card's type; context: the project. Archived by date or by status.
SELECT k.memory_id AS id, k.title, k.body, k.project_id AS "projectId", k.updated_at AS "atMs",
       k.archived_at_ms IS NOT NULL OR k.status = 'archived' AS archived, k.type AS detail,
       (SELECT name FROM projects WHERE project_id = k.project_id) AS context, NULL::BIGINT AS "itemCount"
FROM knowledge_cards k
WHERE k.workspace_id = $workspace_id AND list_contains($ids, k.memory_id)
  AND ((k.archived_at_ms IS NULL AND k.status <> 'archived') OR $include_archived)

-- name: search.passages
-- returns: many
-- params: $keys, $items
-- The best passage of indexed content of each item matched there: the one holding the most
-- query terms, then the most occurrences; with its text (a turn with its speaker, or the piece of
-- a document's text) and where it is.
WITH h AS (
    SELECT key, doc_no, item, tf FROM search_postings WHERE list_contains($keys, key) AND field = 2 AND list_contains($items, item)
    UNION ALL
    SELECT key, doc_no, item, tf FROM search_tail WHERE list_contains($keys, key) AND field = 2 AND list_contains($items, item)
),
best AS (
    SELECT item, arg_max(doc_no, n * 100000 + s) AS doc_no
    FROM (SELECT item, doc_no, count(*) AS n, sum(tf) AS s FROM h ANTI JOIN search_dead USING (doc_no) GROUP BY item, doc_no)
    GROUP BY item
),
d AS (
    SELECT b.item, d.doc_no, d.part, d.t_ms, i.kind, i.item_id
    FROM best b JOIN search_docs d USING (doc_no) JOIN search_items i ON i.item_no = b.item
)
SELECT d.item, d.kind, d.item_id, d.part, d.t_ms,
       CASE WHEN d.kind = 'session' THEN (
                SELECT concat_ws(': ', coalesce(p.name, c.name), t.text) FROM turns t
                LEFT JOIN session_participants p ON p.session_id = t.session_id AND p.speaker_id = t.speaker_id
                LEFT JOIN contacts c ON c.contact_id = p.contact_id
                WHERE t.session_id = d.item_id AND t.turn_id = d.part)
            ELSE (SELECT substring(x.text, regexp_extract(d.part, 'chars:(\d+)-', 1)::INTEGER + 1,
                                   regexp_extract(d.part, '-(\d+)$', 1)::INTEGER - regexp_extract(d.part, 'chars:(\d+)-', 1)::INTEGER)
                  FROM documents x WHERE x.document_id = d.item_id) END AS text
FROM d
