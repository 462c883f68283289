-- The exporter's queries (talkbar/fixture/exporter.py): each returns a workspace's items already
-- shaped as talkbar-fixture/1 objects, nested lists built with list(struct ORDER BY ...).

-- name: export.license
-- returns: one
-- params: none
SELECT plan FROM license WHERE id = 1

-- name: export.profiles
-- returns: many
-- params: none
SELECT profile_id AS "profileId", name, email, job_title AS "jobTitle", is_default AS "isDefault"
FROM profiles
ORDER BY created_at, profile_id

-- name: export.workspaces
-- returns: many
-- params: $workspace_id
SELECT workspace_id AS "workspaceId", name, active, profile_id AS "profileId"
FROM workspaces
WHERE ($workspace_id IS NULL OR workspace_id = $workspace_id)
ORDER BY created_at, workspace_id

-- name: export.projects
-- returns: many
-- params: $workspace_id
SELECT project_id AS "projectId", name, description, kind, color, status, pinned,
       trashed_at AS "trashedAt", created_at AS "createdAt", updated_at AS "updatedAt"
FROM projects WHERE workspace_id = $workspace_id ORDER BY created_at, project_id

-- name: export.topics
-- returns: many
-- params: $workspace_id
SELECT topic_id AS "topicId", name, color FROM topics WHERE workspace_id = $workspace_id ORDER BY name, topic_id

-- name: export.organizations
-- returns: many
-- params: $workspace_id
SELECT o.organization_id AS "organizationId", o.name, o.relationship, o.website, o.notes, o.pinned,
       o.archived_at_ms IS NOT NULL AS archived,
       coalesce((SELECT list(project_id ORDER BY project_id) FROM organization_projects op
                 WHERE op.organization_id = o.organization_id), []) AS "projectIds"
FROM organizations o WHERE o.workspace_id = $workspace_id ORDER BY o.created_at, o.organization_id

-- name: export.contacts
-- returns: many
-- params: $workspace_id
SELECT c.contact_id AS "contactId", c.name, c.email, c.phone, c.role, c.organization_id AS "organizationId",
       c.relationship_tag AS "relationshipTag", c.sentiment, c.notes, c.confirmed,
       c.archived_at_ms IS NOT NULL AS archived,
       coalesce((SELECT list(project_id ORDER BY project_id) FROM contact_projects cp
                 WHERE cp.contact_id = c.contact_id), []) AS "projectIds"
FROM contacts c WHERE c.workspace_id = $workspace_id ORDER BY c.created_at, c.contact_id

-- name: export.turn_count
-- returns: value
-- params: $workspace_id
-- How many turns an export of the data root (NULL) or of one workspace reads: whether it reads a
-- copy of the file (talkbar/fixture/exporter.py, COPY_FROM_TURNS).
SELECT count(*) FROM turns
WHERE $workspace_id IS NULL OR workspace_id = $workspace_id

-- name: export.session_sizes
-- returns: many
-- params: $workspace_id
-- A workspace's sessions in the order they are written, each with its number of turns: the
-- exporter reads them in batches of a bounded number of turns.
SELECT s.session_no, count(t.session_no) AS turns
FROM sessions s LEFT JOIN turns t ON t.session_no = s.session_no
WHERE s.workspace_id = $workspace_id
GROUP BY s.session_no, s.started_at_ms, s.session_id
ORDER BY s.started_at_ms, s.session_id

-- name: export.sessions
-- returns: many
-- params: $workspace_id, $session_nos
-- One row per session of a batch with everything that hangs off it, nested, but its turns
-- (export.turns: a list of structs built per session here took twice the time of the turns read
-- flat, and all of a workspace's at once held them all); `turns` keeps its place in the object.
SELECT s.session_id AS "sessionId", s.title, s.status, s.started_at_ms AS "startedAtMs",
       s.ended_at_ms AS "endedAtMs", s.project_id AS "projectId", s.series_id AS "seriesId", s.pinned,
       s.source, s.private, s.session_type AS "sessionType", s.trashed_at AS "trashedAt",
       coalesce((SELECT list(topic_id ORDER BY topic_id) FROM session_topics x WHERE x.session_id = s.session_id), []) AS "topicIds",
       coalesce((SELECT list({'keyword': keyword, 'origin': origin} ORDER BY ord) FROM session_keywords x
                 WHERE x.session_id = s.session_id), []) AS keywords,
       coalesce((SELECT list({'startMs': start_ms, 'endMs': end_ms} ORDER BY run_index) FROM recording_runs x
                 WHERE x.session_id = s.session_id), []) AS "recordingRuns",
       coalesce((SELECT list({'speakerId': speaker_id, 'name': name, 'contactId': contact_id, 'isUser': is_user,
                              'excludedFromAi': excluded_from_ai} ORDER BY ord) FROM session_participants x
                 WHERE x.session_id = s.session_id), []) AS participants,
       NULL AS turns,
       coalesce((SELECT list({'pointId': point_id, 'atMs': at_ms, 'text': text, 'translatedText': translated_text,
                              'edited': edited} ORDER BY seq) FROM timeline_points x
                 WHERE x.session_id = s.session_id), []) AS timeline,
       coalesce((SELECT list({'length': m.length, 'selected': m.selected, 'text': m.text,
                              'sections': coalesce((SELECT list({'key': c.key, 'title': c.title, 'text': c.text} ORDER BY c.ord)
                                                    FROM summary_sections c WHERE c.session_id = m.session_id AND c.length = m.length), []),
                              'generatedBy': {'provider': m.provider, 'model': m.model, 'edited': m.edited}}
                             ORDER BY m.length) FROM summaries m WHERE m.session_id = s.session_id), []) AS summaries,
       coalesce((SELECT list({'markerId': marker_id, 'kind': kind, 'body': body, 'quote': quote, 'atMs': at_ms,
                              'turnId': turn_id, 'chunkId': chunk_id, 'pointId': point_id, 'color': color}
                             ORDER BY at_ms, marker_id) FROM markers x WHERE x.session_id = s.session_id), []) AS markers,
       coalesce((SELECT list({'memoryId': c.memory_id,
                              'cameUp': coalesce((SELECT list({'atMs': m.at_ms, 'heard': m.heard, 'matchedTerms': m.matched_terms} ORDER BY m.ord)
                                                  FROM came_up_moments m WHERE m.session_id = c.session_id
                                                   AND m.target_kind = 'memory' AND m.target_id = c.memory_id), [])}
                             ORDER BY c.ord) FROM session_cards c WHERE c.session_id = s.session_id), []) AS cards,
       coalesce((SELECT list({'itemId': b.item_id, 'statusWhenBroughtIn': b.status_when_brought_in,
                              'cameUp': coalesce((SELECT list({'atMs': m.at_ms, 'heard': m.heard, 'matchedTerms': m.matched_terms} ORDER BY m.ord)
                                                  FROM came_up_moments m WHERE m.session_id = b.session_id
                                                   AND m.target_kind = 'action_item' AND m.target_id = b.item_id), [])}
                             ORDER BY b.ord) FROM session_brought_items b WHERE b.session_id = s.session_id), []) AS "broughtInActionItems",
       coalesce((SELECT list(document_id ORDER BY document_id) FROM session_documents x
                 WHERE x.session_id = s.session_id), []) AS "documentIds",
       s.session_no
FROM sessions s WHERE s.workspace_id = $workspace_id AND s.session_no IN (SELECT unnest($session_nos::INTEGER[]))
ORDER BY s.started_at_ms, s.session_id

-- name: export.turns
-- returns: many
-- params: $session_nos
-- The turns of a batch of sessions, each session's in transcript order (turns lie in session_no
-- order: the batch's rows are read from the row groups that hold them).
SELECT session_no, turn_id AS "turnId", chunk_id AS "chunkId", speaker_id AS "speakerId", start_ms AS "startMs",
       end_ms AS "endMs", text, translated_text AS "translatedText", provisional
FROM turns WHERE session_no IN (SELECT unnest($session_nos::INTEGER[]))
ORDER BY session_no, seq

-- name: export.notes
-- returns: many
-- params: $workspace_id
SELECT n.note_id AS "noteId", n.title, n.markdown, n.pinned, n.project_id AS "projectId",
       n.owner_session_id AS "ownerSessionId",
       coalesce((SELECT list(session_id ORDER BY ord) FROM note_sessions x WHERE x.note_id = n.note_id
                 AND x.session_id IS DISTINCT FROM n.owner_session_id), []) AS "sessionIds",
       coalesce((SELECT list(topic_id ORDER BY topic_id) FROM note_topics x WHERE x.note_id = n.note_id), []) AS "topicIds",
       n.has_embedded_content AS "hasEmbeddedContent", n.trashed_at AS "trashedAt",
       n.created_at AS "createdAt", n.updated_at AS "updatedAt"
FROM notes n WHERE n.workspace_id = $workspace_id ORDER BY n.created_at, n.note_id

-- name: export.labels
-- returns: many
-- params: $workspace_id
SELECT label_id AS "labelId", item_type AS "itemType", name FROM labels WHERE workspace_id = $workspace_id ORDER BY label_id

-- name: export.action_items
-- returns: many
-- params: $workspace_id
SELECT a.item_id AS "itemId", a.item_type AS "itemType", a.title, a.details, a.status, a.label_id AS "labelId",
       a.due_at_ms AS "dueAtMs", a.answer, a.session_id AS "sessionId", a.project_id AS "projectId",
       coalesce((SELECT list({'name': name, 'contactId': contact_id} ORDER BY ord) FROM action_item_assignees x
                 WHERE x.item_id = a.item_id), []) AS assignees,
       a.origin, a.hidden, a.carry_stopped AS "carryStopped",
       CASE WHEN a.anchor_turn_id IS NULL AND a.anchor_point_id IS NULL AND a.anchor_at_ms IS NULL AND a.anchor_chunk_id IS NULL THEN NULL
            ELSE {'turnId': a.anchor_turn_id, 'pointId': a.anchor_point_id, 'atMs': a.anchor_at_ms, 'chunkId': a.anchor_chunk_id} END AS anchor,
       coalesce((SELECT list({'quote': quote, 'turnId': turn_id, 'atMs': at_ms} ORDER BY ord) FROM action_item_sources x
                 WHERE x.item_id = a.item_id), []) AS sources,
       a.resolved_at_ms AS "resolvedAtMs", a.created_at AS "createdAt", a.updated_at AS "updatedAt"
FROM action_items a WHERE a.workspace_id = $workspace_id ORDER BY a.created_at, a.item_id

-- name: export.knowledge
-- returns: many
-- params: $workspace_id
SELECT k.memory_id AS "memoryId", k.title, k.body, k.type, k.status, k.pinned, k.priority, k.confidence,
       k.project_id AS "projectId", k.contact_id AS "contactId", k.organization_id AS "organizationId",
       k.session_id AS "sessionId", k.session_only AS "sessionOnly", k.created_by AS "createdBy",
       k.last_confirmed_at_ms AS "lastConfirmedAtMs",
       coalesce((SELECT list({'sourceType': source_type, 'sourceId': source_id, 'atMs': at_ms, 'quote': quote,
                              'locator': locator, 'status': status} ORDER BY ord) FROM knowledge_sources x
                 WHERE x.memory_id = k.memory_id), []) AS sources
FROM knowledge_cards k WHERE k.workspace_id = $workspace_id ORDER BY k.created_at, k.memory_id

-- name: export.suggestions
-- returns: many
-- params: $workspace_id
SELECT suggestion_id AS "suggestionId", kind, action, status, proposal_json, evidence_json, target_id AS "targetId",
       confidence, project_id AS "projectId", session_id AS "sessionId", document_id AS "documentId",
       snoozed_until_ms AS "snoozedUntilMs"
FROM suggestions WHERE workspace_id = $workspace_id ORDER BY created_at, suggestion_id

-- name: export.chats
-- returns: many
-- params: $workspace_id
SELECT c.chat_id AS "chatId", c.title, c.grounding_mode AS "groundingMode", c.project_id AS "projectId", c.pinned,
       c.reply_language AS "replyLanguage", c.trashed_at_ms AS "trashedAtMs",
       coalesce((SELECT list({'messageId': message_id, 'role': role, 'content': content, 'createdAt': created_at,
                              'skill': skill, 'sources_json': sources_json} ORDER BY sequence) FROM chat_messages m
                 WHERE m.chat_id = c.chat_id), []) AS messages
FROM chats c WHERE c.workspace_id = $workspace_id ORDER BY c.created_at, c.chat_id

-- name: export.documents
-- returns: many
-- params: $workspace_id
SELECT document_id AS "documentId", title, file_type AS "fileType", status, pinned, project_id AS "projectId",
       size_bytes AS "sizeBytes", source_kind AS "sourceKind", index_progress AS "indexProgress", text
FROM documents WHERE workspace_id = $workspace_id ORDER BY created_at, document_id

-- name: export.templates
-- returns: many
-- params: $workspace_id
SELECT template_id AS "templateId", name FROM templates WHERE workspace_id = $workspace_id ORDER BY template_id

-- name: export.series_kinds
-- returns: many
-- params: $workspace_id
SELECT kind_id AS "kindId", name, icon FROM series_kinds WHERE workspace_id = $workspace_id ORDER BY kind_id

-- name: export.series
-- returns: many
-- params: $workspace_id
SELECT r.series_id AS "seriesId", r.name, r.kind, r.custom_kind_id AS "customKindId", r.description,
       r.project_id AS "projectId", r.anchor_contact_id AS "anchorContactId", r.template_id AS "templateId",
       r.archived_at_ms AS "archivedAtMs",
       (SELECT {'scheduleId': schedule_id, 'scheduleKind': schedule_kind, 'timezone': timezone,
                'localDate': local_date, 'localTime': local_time, 'durationMinutes': duration_minutes,
                'title': title, 'rrule': rrule, 'reminderOffsetsMinutes': reminder_offsets_minutes,
                'startMode': start_mode, 'autoStartCountdownSeconds': auto_start_countdown_seconds,
                'enabled': enabled, 'effectiveFromOriginalStartMs': effective_from_original_start_ms}
        FROM schedules x WHERE x.series_id = r.series_id ORDER BY x.created_at DESC LIMIT 1) AS schedule
FROM series r WHERE r.workspace_id = $workspace_id ORDER BY r.created_at, r.series_id

-- name: export.occurrences
-- returns: many
-- params: $workspace_id
SELECT occurrence_id AS "occurrenceId", series_id AS "seriesId", planned_start_at_ms AS "plannedStartAtMs",
       duration_minutes AS "durationMinutes", timezone, status, session_id AS "sessionId", title,
       reminder_offsets_minutes AS "reminderOffsetsMinutes", start_mode AS "startMode", prepared_setup_json
FROM occurrences WHERE workspace_id = $workspace_id ORDER BY planned_start_at_ms, occurrence_id

-- name: export.destinations
-- returns: many
-- params: $workspace_id
SELECT destination_id AS "destinationId", name, format, location, enabled, layout, credential_ref AS "credentialRef"
FROM export_destinations WHERE workspace_id = $workspace_id ORDER BY created_at, destination_id

-- name: export.rules
-- returns: many
-- params: $workspace_id
SELECT rule_id AS "ruleId", scope_kind AS "scopeKind", scope_id AS "scopeId", mode,
       destination_ids AS "destinationIds", selection_json, timing_json, reexport_summary AS "reexportSummary",
       reexport_transcript AS "reexportTranscript", enabled_at_ms AS "enabledAtMs"
FROM export_rules WHERE workspace_id = $workspace_id ORDER BY created_at, rule_id
