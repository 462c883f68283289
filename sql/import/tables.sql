-- The importer's bulk inserts (talkbar/fixture/importer.py), one per table: each parameter is
-- one column's values as a list, unnested together (DuckDB zips unnests of one SELECT), which
-- is some 15x faster than row-by-row executemany.

-- name: import.profiles
-- returns: exec
-- params: $profile_id, $name, $email, $job_title, $is_default, $placeholder, $created_at, $updated_at
INSERT INTO profiles (profile_id, name, email, job_title, is_default, placeholder, created_at, updated_at)
SELECT unnest($profile_id),
       unnest($name),
       unnest($email),
       unnest($job_title),
       unnest($is_default),
       unnest($placeholder),
       unnest($created_at),
       unnest($updated_at)

-- name: import.workspaces
-- returns: exec
-- params: $workspace_id, $name, $active, $profile_id, $placeholder, $created_at, $updated_at
INSERT INTO workspaces (workspace_id, name, active, profile_id, placeholder, created_at, updated_at)
SELECT unnest($workspace_id),
       unnest($name),
       unnest($active),
       unnest($profile_id),
       unnest($placeholder),
       unnest($created_at),
       unnest($updated_at)

-- name: import.projects
-- returns: exec
-- params: $workspace_id, $project_id, $name, $description, $kind, $color, $status, $pinned, $trashed_at, $created_at, $updated_at
INSERT INTO projects (workspace_id, project_id, name, description, kind, color, status, pinned, trashed_at, created_at, updated_at)
SELECT unnest($workspace_id),
       unnest($project_id),
       unnest($name),
       unnest($description),
       unnest($kind),
       unnest($color),
       unnest($status),
       unnest($pinned),
       unnest($trashed_at),
       unnest($created_at),
       unnest($updated_at)

-- name: import.topics
-- returns: exec
-- params: $workspace_id, $topic_id, $name, $color, $created_at, $updated_at
INSERT INTO topics (workspace_id, topic_id, name, color, created_at, updated_at)
SELECT unnest($workspace_id),
       unnest($topic_id),
       unnest($name),
       unnest($color),
       unnest($created_at),
       unnest($updated_at)

-- name: import.organizations
-- returns: exec
-- params: $workspace_id, $organization_id, $name, $relationship, $website, $notes, $pinned, $archived_at_ms, $created_at, $updated_at
INSERT INTO organizations (workspace_id, organization_id, name, relationship, website, notes, pinned, archived_at_ms, created_at, updated_at)
SELECT unnest($workspace_id),
       unnest($organization_id),
       unnest($name),
       unnest($relationship),
       unnest($website),
       unnest($notes),
       unnest($pinned),
       unnest($archived_at_ms),
       unnest($created_at),
       unnest($updated_at)

-- name: import.organization_projects
-- returns: exec
-- params: $organization_id, $project_id
INSERT INTO organization_projects (organization_id, project_id)
SELECT unnest($organization_id),
       unnest($project_id)

-- name: import.contacts
-- returns: exec
-- params: $workspace_id, $contact_id, $name, $email, $phone, $role, $organization_id, $relationship_tag, $sentiment, $notes, $confirmed, $created_for_speaker, $last_contact_at_ms, $archived_at_ms, $created_at, $updated_at
INSERT INTO contacts (workspace_id, contact_id, name, email, phone, role, organization_id, relationship_tag, sentiment, notes, confirmed, created_for_speaker, last_contact_at_ms, archived_at_ms, created_at, updated_at)
SELECT unnest($workspace_id),
       unnest($contact_id),
       unnest($name),
       unnest($email),
       unnest($phone),
       unnest($role),
       unnest($organization_id),
       unnest($relationship_tag),
       unnest($sentiment),
       unnest($notes),
       unnest($confirmed),
       unnest($created_for_speaker),
       unnest($last_contact_at_ms),
       unnest($archived_at_ms),
       unnest($created_at),
       unnest($updated_at)

-- name: import.contact_projects
-- returns: exec
-- params: $contact_id, $project_id
INSERT INTO contact_projects (contact_id, project_id)
SELECT unnest($contact_id),
       unnest($project_id)

-- name: import.sessions
-- returns: many
-- params: $workspace_id, $session_id, $title, $status, $started_at_ms, $ended_at_ms, $project_id, $series_id, $pinned, $source, $private, $session_type, $memory_mode, $audio_path, $trashed_at, $revision, $transcript_changed_at, $created_at, $updated_at
-- Returns the integer key each session was given (its column default), for its turns, which come
-- in the same chunk: asking for them after the insert took 20 ms a chunk, 6 s of a 6 M-turn import.
INSERT INTO sessions (workspace_id, session_id, title, status, started_at_ms, ended_at_ms, project_id, series_id, pinned, source, private, session_type, memory_mode, audio_path, trashed_at, revision, transcript_changed_at, created_at, updated_at)
SELECT unnest($workspace_id),
       unnest($session_id),
       unnest($title),
       unnest($status),
       unnest($started_at_ms),
       unnest($ended_at_ms),
       unnest($project_id),
       unnest($series_id),
       unnest($pinned),
       unnest($source),
       unnest($private),
       unnest($session_type),
       unnest($memory_mode),
       unnest($audio_path),
       unnest($trashed_at),
       unnest($revision),
       unnest($transcript_changed_at),
       unnest($created_at),
       unnest($updated_at)
RETURNING session_id, session_no

-- name: import.session_participants
-- returns: exec
-- params: $workspace_id, $session_id, $speaker_id, $name, $contact_id, $is_user, $excluded_from_ai, $ord, $spoke
-- $spoke: the participant has a turn in the session (migration 1040), from the session's own turns.
INSERT INTO session_participants (workspace_id, session_id, speaker_id, name, contact_id, is_user, excluded_from_ai, ord, spoke)
SELECT unnest($workspace_id),
       unnest($session_id),
       unnest($speaker_id),
       unnest($name),
       unnest($contact_id),
       unnest($is_user),
       unnest($excluded_from_ai),
       unnest($ord),
       unnest($spoke)

-- name: import.turns
-- returns: exec
-- params: $workspace_id, $session_id, $turn_id, $seq, $chunk_id, $speaker_id, $start_ms, $end_ms, $text, $translated_text, $provisional, $changed_at_ms, $session_no
-- $session_no: each turn's sessions.session_no (import.sessions returns them), given in that order so
-- that a session's turns are stored together (migration 0850). Turns are the rows that grow with
-- the archive (600 a session), so each column comes as one JSON array (text), parsed here: a
-- Python list is converted value by value, which took half of this insert's time (600 k turns:
-- 4.6 s against 6.7 s; 125 s of a 6 M-turn import as lists). The strings that are never NULL come
-- packed instead, joined by U+001F (talkbar/fixture/rows.py, packed_text): encoding them as JSON in
-- Python held the GIL that reading the document needs (the text column: 14 ms of a chunk's 31 ms).
-- A chunk with a string holding U+001F goes as JSON: import.turns:json.
INSERT INTO turns (workspace_id, session_id, turn_id, seq, chunk_id, speaker_id, start_ms, end_ms, text, translated_text, provisional, changed_at_ms, session_no)
SELECT unnest(string_split($workspace_id, chr(31))),
       unnest(string_split($session_id, chr(31))),
       unnest(string_split($turn_id, chr(31))),
       unnest(from_json($seq, '["INTEGER"]')),
       unnest(from_json($chunk_id, '["VARCHAR"]')),
       unnest(string_split($speaker_id, chr(31))),
       unnest(from_json($start_ms, '["BIGINT"]')),
       unnest(from_json($end_ms, '["BIGINT"]')),
       unnest(string_split($text, chr(31))),
       unnest(from_json($translated_text, '["VARCHAR"]')),
       unnest(from_json($provisional, '["BOOLEAN"]')),
       unnest(from_json($changed_at_ms, '["BIGINT"]')),
       unnest(from_json($session_no, '["INTEGER"]'))

-- name: import.turns:json
-- returns: exec
-- params: $workspace_id, $session_id, $turn_id, $seq, $chunk_id, $speaker_id, $start_ms, $end_ms, $text, $translated_text, $provisional, $changed_at_ms, $session_no
-- import.turns for a chunk whose strings cannot be packed (one holds the separator): every column
-- one JSON array.
INSERT INTO turns (workspace_id, session_id, turn_id, seq, chunk_id, speaker_id, start_ms, end_ms, text, translated_text, provisional, changed_at_ms, session_no)
SELECT unnest(from_json($workspace_id, '["VARCHAR"]')),
       unnest(from_json($session_id, '["VARCHAR"]')),
       unnest(from_json($turn_id, '["VARCHAR"]')),
       unnest(from_json($seq, '["INTEGER"]')),
       unnest(from_json($chunk_id, '["VARCHAR"]')),
       unnest(from_json($speaker_id, '["VARCHAR"]')),
       unnest(from_json($start_ms, '["BIGINT"]')),
       unnest(from_json($end_ms, '["BIGINT"]')),
       unnest(from_json($text, '["VARCHAR"]')),
       unnest(from_json($translated_text, '["VARCHAR"]')),
       unnest(from_json($provisional, '["BOOLEAN"]')),
       unnest(from_json($changed_at_ms, '["BIGINT"]')),
       unnest(from_json($session_no, '["INTEGER"]'))

-- name: import.recording_runs
-- returns: exec
-- params: $session_id, $run_index, $start_ms, $end_ms
INSERT INTO recording_runs (session_id, run_index, start_ms, end_ms)
SELECT unnest($session_id),
       unnest($run_index),
       unnest($start_ms),
       unnest($end_ms)

-- name: import.timeline_points
-- returns: exec
-- params: $workspace_id, $session_id, $point_id, $seq, $at_ms, $text, $translated_text, $edited
INSERT INTO timeline_points (workspace_id, session_id, point_id, seq, at_ms, text, translated_text, edited)
SELECT unnest($workspace_id),
       unnest($session_id),
       unnest($point_id),
       unnest($seq),
       unnest($at_ms),
       unnest($text),
       unnest($translated_text),
       unnest($edited)

-- name: import.summaries
-- returns: exec
-- params: $session_id, $length, $selected, $text, $provider, $model, $edited, $generated_at_ms
INSERT INTO summaries (session_id, length, selected, text, provider, model, edited, generated_at_ms)
SELECT unnest($session_id),
       unnest($length),
       unnest($selected),
       unnest($text),
       unnest($provider),
       unnest($model),
       unnest($edited),
       unnest($generated_at_ms)

-- name: import.summary_sections
-- returns: exec
-- params: $session_id, $length, $ord, $key, $title, $text
INSERT INTO summary_sections (session_id, length, ord, key, title, text)
SELECT unnest($session_id),
       unnest($length),
       unnest($ord),
       unnest($key),
       unnest($title),
       unnest($text)

-- name: import.session_keywords
-- returns: exec
-- params: $session_id, $ord, $keyword, $origin
INSERT INTO session_keywords (session_id, ord, keyword, origin)
SELECT unnest($session_id),
       unnest($ord),
       unnest($keyword),
       unnest($origin)

-- name: import.session_topics
-- returns: exec
-- params: $session_id, $topic_id
INSERT INTO session_topics (session_id, topic_id)
SELECT unnest($session_id),
       unnest($topic_id)

-- name: import.session_documents
-- returns: exec
-- params: $session_id, $document_id
INSERT INTO session_documents (session_id, document_id)
SELECT unnest($session_id),
       unnest($document_id)

-- name: import.markers
-- returns: exec
-- params: $workspace_id, $marker_id, $session_id, $kind, $body, $quote, $at_ms, $turn_id, $chunk_id, $point_id, $color, $created_at, $updated_at
INSERT INTO markers (workspace_id, marker_id, session_id, kind, body, quote, at_ms, turn_id, chunk_id, point_id, color, created_at, updated_at)
SELECT unnest($workspace_id),
       unnest($marker_id),
       unnest($session_id),
       unnest($kind),
       unnest($body),
       unnest($quote),
       unnest($at_ms),
       unnest($turn_id),
       unnest($chunk_id),
       unnest($point_id),
       unnest($color),
       unnest($created_at),
       unnest($updated_at)

-- name: import.session_cards
-- returns: exec
-- params: $session_id, $memory_id, $ord, $attached_at
INSERT INTO session_cards (session_id, memory_id, ord, attached_at)
SELECT unnest($session_id),
       unnest($memory_id),
       unnest($ord),
       unnest($attached_at)

-- name: import.session_brought_items
-- returns: exec
-- params: $session_id, $item_id, $ord, $status_when_brought_in
INSERT INTO session_brought_items (session_id, item_id, ord, status_when_brought_in)
SELECT unnest($session_id),
       unnest($item_id),
       unnest($ord),
       unnest($status_when_brought_in)

-- name: import.came_up_moments
-- returns: exec
-- params: $session_id, $target_kind, $target_id, $ord, $at_ms, $heard, $matched_terms
INSERT INTO came_up_moments (session_id, target_kind, target_id, ord, at_ms, heard, matched_terms)
SELECT unnest($session_id),
       unnest($target_kind),
       unnest($target_id),
       unnest($ord),
       unnest($at_ms),
       unnest($heard),
       unnest($matched_terms)

-- name: import.notes
-- returns: exec
-- params: $workspace_id, $note_id, $title, $markdown, $pinned, $project_id, $owner_session_id, $has_embedded_content, $trashed_at, $created_at, $updated_at
INSERT INTO notes (workspace_id, note_id, title, markdown, pinned, project_id, owner_session_id, has_embedded_content, trashed_at, created_at, updated_at)
SELECT unnest($workspace_id),
       unnest($note_id),
       unnest($title),
       unnest($markdown),
       unnest($pinned),
       unnest($project_id),
       unnest($owner_session_id),
       unnest($has_embedded_content),
       unnest($trashed_at),
       unnest($created_at),
       unnest($updated_at)

-- name: import.note_sessions
-- returns: exec
-- params: $note_id, $session_id, $ord
INSERT INTO note_sessions (note_id, session_id, ord)
SELECT unnest($note_id),
       unnest($session_id),
       unnest($ord)

-- name: import.note_topics
-- returns: exec
-- params: $note_id, $topic_id
INSERT INTO note_topics (note_id, topic_id)
SELECT unnest($note_id),
       unnest($topic_id)

-- name: import.labels
-- returns: exec
-- params: $workspace_id, $label_id, $item_type, $name
INSERT INTO labels (workspace_id, label_id, item_type, name)
SELECT unnest($workspace_id),
       unnest($label_id),
       unnest($item_type),
       unnest($name)

-- name: import.action_items
-- returns: exec
-- params: $workspace_id, $item_id, $item_type, $title, $details, $status, $label_id, $due_at_ms, $answer, $session_id, $project_id, $origin, $hidden, $carry_stopped, $anchor_turn_id, $anchor_chunk_id, $anchor_point_id, $anchor_at_ms, $resolved_at_ms, $created_at, $updated_at
INSERT INTO action_items (workspace_id, item_id, item_type, title, details, status, label_id, due_at_ms, answer, session_id, project_id, origin, hidden, carry_stopped, anchor_turn_id, anchor_chunk_id, anchor_point_id, anchor_at_ms, resolved_at_ms, created_at, updated_at)
SELECT unnest($workspace_id),
       unnest($item_id),
       unnest($item_type),
       unnest($title),
       unnest($details),
       unnest($status),
       unnest($label_id),
       unnest($due_at_ms),
       unnest($answer),
       unnest($session_id),
       unnest($project_id),
       unnest($origin),
       unnest($hidden),
       unnest($carry_stopped),
       unnest($anchor_turn_id),
       unnest($anchor_chunk_id),
       unnest($anchor_point_id),
       unnest($anchor_at_ms),
       unnest($resolved_at_ms),
       unnest($created_at),
       unnest($updated_at)

-- name: import.action_item_assignees
-- returns: exec
-- params: $item_id, $ord, $name, $contact_id
INSERT INTO action_item_assignees (item_id, ord, name, contact_id)
SELECT unnest($item_id),
       unnest($ord),
       unnest($name),
       unnest($contact_id)

-- name: import.action_item_sources
-- returns: exec
-- params: $item_id, $ord, $quote, $turn_id, $at_ms
INSERT INTO action_item_sources (item_id, ord, quote, turn_id, at_ms)
SELECT unnest($item_id),
       unnest($ord),
       unnest($quote),
       unnest($turn_id),
       unnest($at_ms)

-- name: import.knowledge_cards
-- returns: exec
-- params: $workspace_id, $memory_id, $title, $body, $type, $status, $pinned, $priority, $confidence, $project_id, $contact_id, $organization_id, $session_id, $session_only, $created_by, $last_confirmed_at_ms, $archived_at_ms, $created_at, $updated_at
INSERT INTO knowledge_cards (workspace_id, memory_id, title, body, type, status, pinned, priority, confidence, project_id, contact_id, organization_id, session_id, session_only, created_by, last_confirmed_at_ms, archived_at_ms, created_at, updated_at)
SELECT unnest($workspace_id),
       unnest($memory_id),
       unnest($title),
       unnest($body),
       unnest($type),
       unnest($status),
       unnest($pinned),
       unnest($priority),
       unnest($confidence),
       unnest($project_id),
       unnest($contact_id),
       unnest($organization_id),
       unnest($session_id),
       unnest($session_only),
       unnest($created_by),
       unnest($last_confirmed_at_ms),
       unnest($archived_at_ms),
       unnest($created_at),
       unnest($updated_at)

-- name: import.knowledge_sources
-- returns: exec
-- params: $memory_id, $ord, $source_type, $source_id, $at_ms, $quote, $locator, $status
INSERT INTO knowledge_sources (memory_id, ord, source_type, source_id, at_ms, quote, locator, status)
SELECT unnest($memory_id),
       unnest($ord),
       unnest($source_type),
       unnest($source_id),
       unnest($at_ms),
       unnest($quote),
       unnest($locator),
       unnest($status)

-- name: import.suggestions
-- returns: exec
-- params: $workspace_id, $suggestion_id, $kind, $action, $status, $proposal_json, $evidence_json, $target_id, $confidence, $project_id, $session_id, $document_id, $snoozed_until_ms, $applied_card_id, $created_at, $updated_at
INSERT INTO suggestions (workspace_id, suggestion_id, kind, action, status, proposal_json, evidence_json, target_id, confidence, project_id, session_id, document_id, snoozed_until_ms, applied_card_id, created_at, updated_at)
SELECT unnest($workspace_id),
       unnest($suggestion_id),
       unnest($kind),
       unnest($action),
       unnest($status),
       unnest($proposal_json),
       unnest($evidence_json),
       unnest($target_id),
       unnest($confidence),
       unnest($project_id),
       unnest($session_id),
       unnest($document_id),
       unnest($snoozed_until_ms),
       unnest($applied_card_id),
       unnest($created_at),
       unnest($updated_at)

-- name: import.chats
-- returns: exec
-- params: $workspace_id, $chat_id, $title, $grounding_mode, $project_id, $pinned, $reply_language, $current_turn_status, $trashed_at_ms, $created_at, $updated_at
INSERT INTO chats (workspace_id, chat_id, title, grounding_mode, project_id, pinned, reply_language, current_turn_status, trashed_at_ms, created_at, updated_at)
SELECT unnest($workspace_id),
       unnest($chat_id),
       unnest($title),
       unnest($grounding_mode),
       unnest($project_id),
       unnest($pinned),
       unnest($reply_language),
       unnest($current_turn_status),
       unnest($trashed_at_ms),
       unnest($created_at),
       unnest($updated_at)

-- name: import.chat_messages
-- returns: exec
-- params: $chat_id, $message_id, $sequence, $role, $content, $created_at, $skill, $sources_json
INSERT INTO chat_messages (chat_id, message_id, sequence, role, content, created_at, skill, sources_json)
SELECT unnest($chat_id),
       unnest($message_id),
       unnest($sequence),
       unnest($role),
       unnest($content),
       unnest($created_at),
       unnest($skill),
       unnest($sources_json)

-- name: import.documents
-- returns: exec
-- params: $workspace_id, $document_id, $title, $file_type, $status, $pinned, $project_id, $size_bytes, $source_kind, $index_progress, $text, $created_at, $updated_at
INSERT INTO documents (workspace_id, document_id, title, file_type, status, pinned, project_id, size_bytes, source_kind, index_progress, text, created_at, updated_at)
SELECT unnest($workspace_id),
       unnest($document_id),
       unnest($title),
       unnest($file_type),
       unnest($status),
       unnest($pinned),
       unnest($project_id),
       unnest($size_bytes),
       unnest($source_kind),
       unnest($index_progress),
       unnest($text),
       unnest($created_at),
       unnest($updated_at)

-- name: import.templates
-- returns: exec
-- params: $workspace_id, $template_id, $name
INSERT INTO templates (workspace_id, template_id, name)
SELECT unnest($workspace_id),
       unnest($template_id),
       unnest($name)

-- name: import.series_kinds
-- returns: exec
-- params: $workspace_id, $kind_id, $name, $icon, $created_at, $updated_at
INSERT INTO series_kinds (workspace_id, kind_id, name, icon, created_at, updated_at)
SELECT unnest($workspace_id),
       unnest($kind_id),
       unnest($name),
       unnest($icon),
       unnest($created_at),
       unnest($updated_at)

-- name: import.series
-- returns: exec
-- params: $workspace_id, $series_id, $name, $kind, $custom_kind_id, $description, $project_id, $anchor_contact_id, $template_id, $start_template_json, $archived_at_ms, $created_at, $updated_at
INSERT INTO series (workspace_id, series_id, name, kind, custom_kind_id, description, project_id, anchor_contact_id, template_id, start_template_json, archived_at_ms, created_at, updated_at)
SELECT unnest($workspace_id),
       unnest($series_id),
       unnest($name),
       unnest($kind),
       unnest($custom_kind_id),
       unnest($description),
       unnest($project_id),
       unnest($anchor_contact_id),
       unnest($template_id),
       unnest($start_template_json),
       unnest($archived_at_ms),
       unnest($created_at),
       unnest($updated_at)

-- name: import.schedules
-- returns: exec
-- params: $workspace_id, $schedule_id, $series_id, $enabled, $schedule_kind, $timezone, $local_date, $local_time, $duration_minutes, $title, $rrule, $reminder_offsets_minutes, $start_mode, $auto_start_countdown_seconds, $effective_from_original_start_ms, $generated_until_ms, $created_at, $updated_at
INSERT INTO schedules (workspace_id, schedule_id, series_id, enabled, schedule_kind, timezone, local_date, local_time, duration_minutes, title, rrule, reminder_offsets_minutes, start_mode, auto_start_countdown_seconds, effective_from_original_start_ms, generated_until_ms, created_at, updated_at)
SELECT unnest($workspace_id),
       unnest($schedule_id),
       unnest($series_id),
       unnest($enabled),
       unnest($schedule_kind),
       unnest($timezone),
       unnest($local_date),
       unnest($local_time),
       unnest($duration_minutes),
       unnest($title),
       unnest($rrule),
       unnest($reminder_offsets_minutes),
       unnest($start_mode),
       unnest($auto_start_countdown_seconds),
       unnest($effective_from_original_start_ms),
       unnest($generated_until_ms),
       unnest($created_at),
       unnest($updated_at)

-- name: import.occurrences
-- returns: exec
-- params: $workspace_id, $occurrence_id, $series_id, $schedule_id, $planned_start_at_ms, $original_start_at_ms, $duration_minutes, $timezone, $status, $session_id, $title, $prepared_setup_json, $reminder_offsets_minutes, $start_mode, $auto_start_countdown_seconds, $moved, $was_scheduled, $quiet, $snoozed_until_ms, $created_at, $updated_at
INSERT INTO occurrences (workspace_id, occurrence_id, series_id, schedule_id, planned_start_at_ms, original_start_at_ms, duration_minutes, timezone, status, session_id, title, prepared_setup_json, reminder_offsets_minutes, start_mode, auto_start_countdown_seconds, moved, was_scheduled, quiet, snoozed_until_ms, created_at, updated_at)
SELECT unnest($workspace_id),
       unnest($occurrence_id),
       unnest($series_id),
       unnest($schedule_id),
       unnest($planned_start_at_ms),
       unnest($original_start_at_ms),
       unnest($duration_minutes),
       unnest($timezone),
       unnest($status),
       unnest($session_id),
       unnest($title),
       unnest($prepared_setup_json),
       unnest($reminder_offsets_minutes),
       unnest($start_mode),
       unnest($auto_start_countdown_seconds),
       unnest($moved),
       unnest($was_scheduled),
       unnest($quiet),
       unnest($snoozed_until_ms),
       unnest($created_at),
       unnest($updated_at)

-- name: import.export_destinations
-- returns: exec
-- params: $workspace_id, $destination_id, $name, $format, $location, $enabled, $layout, $credential_ref, $created_at, $updated_at
INSERT INTO export_destinations (workspace_id, destination_id, name, format, location, enabled, layout, credential_ref, created_at, updated_at)
SELECT unnest($workspace_id),
       unnest($destination_id),
       unnest($name),
       unnest($format),
       unnest($location),
       unnest($enabled),
       unnest($layout),
       unnest($credential_ref),
       unnest($created_at),
       unnest($updated_at)

-- name: import.export_rules
-- returns: exec
-- params: $workspace_id, $rule_id, $scope_kind, $scope_id, $mode, $destination_ids, $selection_json, $timing_json, $reexport_summary, $reexport_transcript, $enabled_at_ms, $created_at, $updated_at
INSERT INTO export_rules (workspace_id, rule_id, scope_kind, scope_id, mode, destination_ids, selection_json, timing_json, reexport_summary, reexport_transcript, enabled_at_ms, created_at, updated_at)
SELECT unnest($workspace_id),
       unnest($rule_id),
       unnest($scope_kind),
       unnest($scope_id),
       unnest($mode),
       unnest($destination_ids),
       unnest($selection_json),
       unnest($timing_json),
       unnest($reexport_summary),
       unnest($reexport_transcript),
       unnest($enabled_at_ms),
       unnest($created_at),
       unnest($updated_at)

-- name: import.turns_present
-- returns: many
-- params: $session_ids, $turn_ids
-- Which of these (session, turn) pairs an import has written: action items' anchors name turns of
-- sessions that were written (and let go of) while the document was still being read.
SELECT t.session_id, t.turn_id
FROM turns t
JOIN (SELECT unnest($session_ids) AS session_id, unnest($turn_ids) AS turn_id) a
  ON a.session_id = t.session_id AND a.turn_id = t.turn_id

-- name: import.bounded_memory
-- returns: exec
-- params: none
-- An import holds DuckDB to a few hundred MB: what it writes goes to the file (and the search
-- index build spills to temporary files) instead of growing with the archive.
SET memory_limit = '384MB'

-- name: import.usual_memory
-- returns: exec
-- params: none
-- Back to DuckDB's default once the import is written (and checkpointed).
RESET memory_limit
