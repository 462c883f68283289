-- migration: 0910_item_rows
-- Rows several operations answer with, named once as views so that each of those operations is one
-- query (issue 19). Each view has the columns its readers filter and sort by, and `shown`: the row
-- as the operations answer it (a struct: `list(shown ORDER BY …)` for a list, `unnest(shown)` for one).

-- A live project as projects.list and projects.get show it: what it holds (sessions and notes not in
-- the Trash, documents) and its latest session start.
CREATE VIEW project_rows AS
WITH session_counts AS (
    SELECT project_id, count(*) AS n, max(started_at_ms) AS last_started
    FROM sessions WHERE trashed_at IS NULL GROUP BY project_id
),
note_counts AS (
    SELECT project_id, count(*) AS n FROM notes WHERE trashed_at IS NULL GROUP BY project_id
),
document_counts AS (
    SELECT project_id, count(*) AS n FROM documents GROUP BY project_id
)
SELECT p.workspace_id, p.project_id, p.pinned, p.name,
       {'projectId': p.project_id, 'name': p.name, 'description': p.description,
        'sessionCount': coalesce(s.n, 0), 'noteCount': coalesce(nc.n, 0),
        'documentCount': coalesce(d.n, 0), 'lastSessionAtMs': s.last_started} AS shown
FROM projects p
LEFT JOIN session_counts s ON s.project_id = p.project_id
LEFT JOIN note_counts nc ON nc.project_id = p.project_id
LEFT JOIN document_counts d ON d.project_id = p.project_id
WHERE p.trashed_at IS NULL;

-- What a note is linked to, as notes.list rows and notes.get's links show it: its sessions not in
-- the Trash (in link order), its topics (by name) and its project when not in the Trash.
CREATE VIEW note_links AS
SELECT n.note_id,
       coalesce((SELECT list({'sessionId': s.session_id, 'title': s.title} ORDER BY ns.ord, s.session_id)
                 FROM note_sessions ns JOIN sessions s ON s.session_id = ns.session_id AND s.trashed_at IS NULL
                 WHERE ns.note_id = n.note_id), []) AS sessions,
       coalesce((SELECT list({'topicId': t.topic_id, 'name': t.name} ORDER BY lower(t.name), t.topic_id)
                 FROM note_topics nt JOIN topics t ON t.topic_id = nt.topic_id
                 WHERE nt.note_id = n.note_id), []) AS topics,
       coalesce((SELECT [{'projectId': p.project_id, 'name': p.name}]
                 FROM projects p WHERE p.project_id = n.project_id AND p.trashed_at IS NULL), []) AS projects
FROM notes n;

-- A chat as chats.list and chats.get show it: the snippet is the start of the latest message; its
-- last activity the latest message (or its creation when it has none); `hay` is what a search of
-- the list reads (the title and every message).
CREATE VIEW chat_rows AS
WITH messages AS (
    SELECT chat_id, max(created_at) AS last_at, arg_max(content, sequence) AS last_content,
           string_agg(content, ' ') AS contents
    FROM chat_messages
    GROUP BY chat_id
)
SELECT c.workspace_id, c.chat_id, c.pinned, c.trashed_at_ms, c.project_id,
       coalesce(m.last_at, c.created_at) AS active_at,
       c.title || ' ' || coalesce(m.contents, '') AS hay,
       {'chatId': c.chat_id, 'title': c.title, 'snippet': tb_snippet(m.last_content, 160),
        'groundingMode': c.grounding_mode, 'projectId': c.project_id, 'pinned': c.pinned,
        'createdAt': c.created_at, 'updatedAt': c.updated_at, 'lastMessageAtMs': m.last_at,
        'trashedAtMs': c.trashed_at_ms, 'currentTurnStatus': c.current_turn_status} AS shown
FROM chats c
LEFT JOIN messages m ON m.chat_id = c.chat_id;

-- A document as documents.list shows it (documents.get and documents.update answer with it too).
CREATE VIEW document_rows AS
SELECT workspace_id, document_id, project_id, title, pinned, updated_at,
       {'documentId': document_id, 'title': title, 'fileType': file_type, 'status': status, 'pinned': pinned,
        'projectId': project_id, 'updatedAt': updated_at} AS shown
FROM documents;

-- An action item in the shape action_items.get returns, plus `anchor` ({turnId, pointId, atMs} or
-- null) that lists show. Every family that shows items reads them here (action_items.list and .get,
-- sessions.get, live cards, calendar prep, the writes' answers). Hidden items are in it too: readers
-- choose the items.
CREATE VIEW action_item_rows AS
SELECT a.workspace_id, a.item_id AS "itemId", a.item_type AS "itemType", a.label_id AS "labelId", l.name AS label,
       a.title, a.details, a.status, a.due_at_ms AS "dueAtMs", a.answer, a.session_id AS "sessionId",
       s.title AS "sessionTitle", a.project_id AS "projectId",
       coalesce((SELECT list({'name': x.name, 'contactId': x.contact_id} ORDER BY x.ord)
                 FROM action_item_assignees x WHERE x.item_id = a.item_id), []) AS assignees,
       a.origin,
       coalesce((SELECT list({'quote': x.quote, 'turnId': x.turn_id, 'atMs': x.at_ms} ORDER BY x.ord)
                 FROM action_item_sources x WHERE x.item_id = a.item_id), []) AS sources,
       a.resolved_at_ms AS "resolvedAtMs", a.created_at AS "createdAt", a.updated_at AS "updatedAt",
       CASE WHEN a.anchor_turn_id IS NULL AND a.anchor_point_id IS NULL AND a.anchor_at_ms IS NULL THEN NULL
            ELSE {'turnId': a.anchor_turn_id, 'pointId': a.anchor_point_id, 'atMs': a.anchor_at_ms} END AS anchor
FROM action_items a
LEFT JOIN labels l ON l.label_id = a.label_id
LEFT JOIN sessions s ON s.session_id = a.session_id;

-- A bookmark in the shape every markers.* answer uses.
CREATE VIEW marker_rows AS
SELECT workspace_id, marker_id, session_id, at_ms, created_at,
       {'markerId': marker_id, 'sessionId': session_id, 'kind': kind, 'body': body, 'quote': quote,
        'atMs': at_ms, 'turnId': turn_id, 'chunkId': chunk_id, 'pointId': point_id, 'color': color,
        'updatedAt': updated_at} AS shown
FROM markers;

-- A knowledge card as every card operation returns it, whatever its status (archive is not Trash).
CREATE VIEW knowledge_card_rows AS
SELECT workspace_id, memory_id,
       {'memoryId': memory_id, 'title': title, 'body': body, 'type': type, 'status': status, 'pinned': pinned,
        'priority': priority, 'confidence': confidence, 'projectId': project_id, 'contactId': contact_id,
        'organizationId': organization_id, 'sessionId': session_id, 'sessionOnly': session_only,
        'createdBy': created_by, 'lastConfirmedAtMs': last_confirmed_at_ms, 'createdAt': created_at,
        'updatedAt': updated_at} AS shown
FROM knowledge_cards;

-- A suggestion as every knowledge.suggestions.* operation answers it (proposal and evidence are JSON
-- text here), with what its list filters and sorts by. A snoozed suggestion stays pending.
CREATE VIEW suggestion_rows AS
SELECT workspace_id, suggestion_id, status, kind, project_id, created_at, snoozed_until_ms,
       array_to_string(json_extract_string(proposal_json, '$.*'), ' ') || ' ' ||
           array_to_string(json_extract_string(evidence_json, '$[*].quote'), ' ') AS hay,
       {'suggestionId': suggestion_id, 'kind': kind, 'action': action, 'status': status,
        'proposal': proposal_json, 'evidence': evidence_json, 'targetId': target_id, 'confidence': confidence,
        'projectId': project_id, 'sessionId': session_id, 'documentId': document_id,
        'snoozedUntilMs': snoozed_until_ms, 'appliedCardId': applied_card_id, 'createdAt': created_at} AS shown
FROM suggestions;

-- The profile each workspace uses: its own, else the data root's default profile.
CREATE VIEW workspace_profiles AS
SELECT w.workspace_id, coalesce(w.profile_id, (SELECT profile_id FROM profiles WHERE is_default LIMIT 1)) AS profile_id
FROM workspaces w;

-- An export batch as the exports.* operations return it, with its deliveries in request order. Its
-- status is derived from its deliveries: work in progress first, then what needs the user, what
-- waits, and only then the settled states. A delivery's conflict is JSON text here.
CREATE VIEW export_batch_rows AS
SELECT b.workspace_id, b.batch_id, b.created_at_ms, b.made_seq,
       {'batchId': b.batch_id, 'workspaceId': b.workspace_id,
        'status': CASE WHEN bool_or(d.status = 'exporting') THEN 'exporting'
                       WHEN bool_or(d.status = 'scheduled') THEN 'scheduled'
                       WHEN bool_or(d.status = 'needsAttention') THEN 'needsAttention'
                       WHEN bool_or(d.status = 'waitingForSummary') THEN 'waitingForSummary'
                       WHEN bool_or(d.status = 'waitingForAudio') THEN 'waitingForAudio'
                       WHEN bool_or(d.status = 'cancelled') THEN 'cancelled'
                       WHEN bool_or(d.status = 'partiallyExported') THEN 'partiallyExported'
                       ELSE 'exported' END,
        'automatic': b.automatic, 'createdAtMs': b.created_at_ms,
        'deliveries': list({'deliveryId': d.delivery_id, 'sessionId': d.session_id, 'sessionTitle': s.title,
                            'destinationId': d.destination_id, 'status': d.status, 'location': d.location,
                            'error': d.error, 'conflict': d.conflict_json, 'updatedAtMs': d.updated_at_ms}
                           ORDER BY d.ord, d.delivery_id)} AS shown
FROM export_batches b
JOIN export_deliveries d ON d.batch_id = b.batch_id
LEFT JOIN sessions s ON s.session_id = d.session_id
GROUP BY b.workspace_id, b.batch_id, b.automatic, b.created_at_ms, b.made_seq;
