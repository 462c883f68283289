-- migration: 0001_core
-- The whole data model of a TalkBar data root, in one place. Every time is Unix milliseconds
-- (UTC) in a BIGINT; offsets inside a session (turns, timeline points, markers, moments) are
-- milliseconds from the session's start. Every item table carries workspace_id so that each
-- query can be scoped to one workspace with a plain predicate. JSON documents are VARCHAR
-- columns named *_json (parsed by the post-processors, never by string building in SQL).

CREATE TABLE meta (
    key   VARCHAR PRIMARY KEY,
    value VARCHAR NOT NULL
);

-- ---------------------------------------------------------------- workspaces, profiles, licence
CREATE TABLE profiles (
    profile_id  VARCHAR PRIMARY KEY,
    name        VARCHAR NOT NULL DEFAULT '',
    email       VARCHAR,
    job_title   VARCHAR,
    is_default  BOOLEAN NOT NULL DEFAULT false,
    placeholder BOOLEAN NOT NULL DEFAULT false,  -- created on first use, replaced by an import
    created_at  BIGINT NOT NULL,
    updated_at  BIGINT NOT NULL
);

CREATE TABLE workspaces (
    workspace_id VARCHAR PRIMARY KEY,
    name         VARCHAR NOT NULL,
    active       BOOLEAN NOT NULL DEFAULT false,  -- the one "open in the app"
    profile_id   VARCHAR,
    placeholder  BOOLEAN NOT NULL DEFAULT false,
    created_at   BIGINT NOT NULL,
    updated_at   BIGINT NOT NULL
);

CREATE TABLE license (
    id                      INTEGER PRIMARY KEY CHECK (id = 1),
    plan                    VARCHAR NOT NULL,            -- free | pro | business
    status                  VARCHAR NOT NULL DEFAULT 'active',
    paid                    BOOLEAN NOT NULL DEFAULT false,
    updates_until           BIGINT,
    online_services_until   BIGINT,
    renewal_open            BOOLEAN NOT NULL DEFAULT false,
    preview_trial_plan      VARCHAR,
    preview_trial_expires_at BIGINT,
    environment             VARCHAR NOT NULL DEFAULT 'production',
    activated_at            BIGINT NOT NULL
);

CREATE TABLE devices (
    device_id    VARCHAR PRIMARY KEY,
    name         VARCHAR NOT NULL,
    activated_at BIGINT NOT NULL
);

CREATE TABLE share_links (
    workspace_id VARCHAR NOT NULL,
    link_id      VARCHAR PRIMARY KEY,
    target_type  VARCHAR NOT NULL,
    target_id    VARCHAR NOT NULL,
    created_at   BIGINT NOT NULL
);

-- ---------------------------------------------------------------- MCP Access (the app's settings page)
CREATE TABLE access_settings (
    key   VARCHAR PRIMARY KEY,   -- mcp_enabled | deletes_without_confirmation | audit_log
    value BOOLEAN NOT NULL
);

CREATE TABLE access_toggles (
    operation VARCHAR PRIMARY KEY,  -- only operations whose switch differs from nothing: absent = default
    enabled   BOOLEAN NOT NULL
);

-- ---------------------------------------------------------------- projects and topics
CREATE TABLE projects (
    workspace_id VARCHAR NOT NULL,
    project_id   VARCHAR PRIMARY KEY,
    name         VARCHAR NOT NULL,
    description  VARCHAR,
    kind         VARCHAR NOT NULL DEFAULT 'client',
    color        VARCHAR,
    status       VARCHAR NOT NULL DEFAULT 'active',
    pinned       BOOLEAN NOT NULL DEFAULT false,
    trashed_at   BIGINT,
    created_at   BIGINT NOT NULL,
    updated_at   BIGINT NOT NULL
);

CREATE TABLE topics (
    workspace_id VARCHAR NOT NULL,
    topic_id     VARCHAR PRIMARY KEY,
    name         VARCHAR NOT NULL,
    color        VARCHAR NOT NULL,
    created_at   BIGINT NOT NULL,
    updated_at   BIGINT NOT NULL
);

-- ---------------------------------------------------------------- people and companies
CREATE TABLE organizations (
    workspace_id    VARCHAR NOT NULL,
    organization_id VARCHAR PRIMARY KEY,
    name            VARCHAR NOT NULL,
    relationship    VARCHAR NOT NULL DEFAULT 'other',
    website         VARCHAR NOT NULL DEFAULT '',
    notes           VARCHAR NOT NULL DEFAULT '',
    pinned          BOOLEAN NOT NULL DEFAULT false,
    archived_at_ms  BIGINT,
    created_at      BIGINT NOT NULL,
    updated_at      BIGINT NOT NULL
);

CREATE TABLE organization_projects (
    organization_id VARCHAR NOT NULL,
    project_id      VARCHAR NOT NULL,
    PRIMARY KEY (organization_id, project_id)
);

CREATE TABLE contacts (
    workspace_id        VARCHAR NOT NULL,
    contact_id          VARCHAR PRIMARY KEY,
    name                VARCHAR NOT NULL,
    email               VARCHAR,
    phone               VARCHAR,
    role                VARCHAR,
    organization_id     VARCHAR,
    relationship_tag    VARCHAR,
    sentiment           VARCHAR,
    notes               VARCHAR NOT NULL DEFAULT '',
    confirmed           BOOLEAN NOT NULL DEFAULT true,
    created_for_speaker VARCHAR,          -- "session_id/speaker_id" when TalkBar made it for one speaker
    last_contact_at_ms  BIGINT,
    archived_at_ms      BIGINT,
    created_at          BIGINT NOT NULL,
    updated_at          BIGINT NOT NULL
);

CREATE TABLE contact_projects (
    contact_id VARCHAR NOT NULL,
    project_id VARCHAR NOT NULL,
    PRIMARY KEY (contact_id, project_id)
);

-- ---------------------------------------------------------------- sessions and what hangs off them
CREATE TABLE sessions (
    workspace_id  VARCHAR NOT NULL,
    session_id    VARCHAR PRIMARY KEY,
    title         VARCHAR NOT NULL,
    status        VARCHAR NOT NULL DEFAULT 'complete',  -- recording | open | interrupted | complete
    started_at_ms BIGINT NOT NULL,
    ended_at_ms   BIGINT,
    project_id    VARCHAR,
    series_id     VARCHAR,
    pinned        BOOLEAN NOT NULL DEFAULT false,
    source        VARCHAR NOT NULL DEFAULT 'live',
    private       BOOLEAN NOT NULL DEFAULT false,
    session_type  VARCHAR NOT NULL DEFAULT 'meeting',
    memory_mode   VARCHAR NOT NULL DEFAULT 'normal',    -- normal | session_only | manual_only | sensitive
    audio_path    VARCHAR,                              -- the recording's audio file, when there is one
    trashed_at    BIGINT,
    revision      BIGINT NOT NULL DEFAULT 1,            -- bumped by every change to the session page
    transcript_changed_at BIGINT,                       -- last turn change (exports: summaryStale)
    created_at    BIGINT NOT NULL,
    updated_at    BIGINT NOT NULL
);

CREATE TABLE session_participants (
    workspace_id     VARCHAR NOT NULL,
    session_id       VARCHAR NOT NULL,
    speaker_id       VARCHAR NOT NULL,
    name             VARCHAR,            -- null: shown as "Speaker N" by order of first turn
    contact_id       VARCHAR,
    is_user          BOOLEAN NOT NULL DEFAULT false,
    excluded_from_ai BOOLEAN NOT NULL DEFAULT false,
    ord              INTEGER NOT NULL,
    PRIMARY KEY (session_id, speaker_id)
);

CREATE TABLE turns (
    workspace_id    VARCHAR NOT NULL,
    session_id      VARCHAR NOT NULL,
    turn_id         VARCHAR NOT NULL,
    seq             INTEGER NOT NULL,    -- position in the transcript
    chunk_id        VARCHAR,
    speaker_id      VARCHAR NOT NULL,
    start_ms        BIGINT NOT NULL,
    end_ms          BIGINT NOT NULL,
    text            VARCHAR NOT NULL,
    translated_text VARCHAR,
    provisional     BOOLEAN NOT NULL DEFAULT false,
    changed_at_ms   BIGINT NOT NULL,     -- strictly increasing per session: the transcript cursor
    PRIMARY KEY (session_id, turn_id)
);

CREATE TABLE recording_runs (
    session_id VARCHAR NOT NULL,
    run_index  INTEGER NOT NULL,
    start_ms   BIGINT NOT NULL,
    end_ms     BIGINT,
    PRIMARY KEY (session_id, run_index)
);

CREATE TABLE timeline_points (
    workspace_id    VARCHAR NOT NULL,
    session_id      VARCHAR NOT NULL,
    point_id        VARCHAR NOT NULL,
    seq             INTEGER NOT NULL,
    at_ms           BIGINT,
    text            VARCHAR NOT NULL,
    translated_text VARCHAR,
    edited          BOOLEAN NOT NULL DEFAULT false,
    PRIMARY KEY (session_id, point_id)
);

CREATE TABLE summaries (
    session_id      VARCHAR NOT NULL,
    length          VARCHAR NOT NULL,    -- short | standard | detailed
    selected        BOOLEAN NOT NULL DEFAULT false,
    text            VARCHAR NOT NULL,
    provider        VARCHAR NOT NULL DEFAULT '',
    model           VARCHAR NOT NULL DEFAULT '',
    edited          BOOLEAN NOT NULL DEFAULT false,
    generated_at_ms BIGINT NOT NULL,
    PRIMARY KEY (session_id, length)
);

CREATE TABLE summary_sections (
    session_id VARCHAR NOT NULL,
    length     VARCHAR NOT NULL,
    ord        INTEGER NOT NULL,
    key        VARCHAR NOT NULL,
    title      VARCHAR NOT NULL,
    text       VARCHAR NOT NULL,
    PRIMARY KEY (session_id, length, ord)
);

CREATE TABLE session_keywords (
    session_id VARCHAR NOT NULL,
    ord        INTEGER NOT NULL,
    keyword    VARCHAR NOT NULL,
    origin     VARCHAR NOT NULL DEFAULT 'ai',   -- ai | user
    PRIMARY KEY (session_id, ord)
);

CREATE TABLE session_topics (
    session_id VARCHAR NOT NULL,
    topic_id   VARCHAR NOT NULL,
    PRIMARY KEY (session_id, topic_id)
);

CREATE TABLE session_documents (
    session_id  VARCHAR NOT NULL,
    document_id VARCHAR NOT NULL,
    PRIMARY KEY (session_id, document_id)
);

CREATE TABLE markers (
    workspace_id VARCHAR NOT NULL,
    marker_id    VARCHAR PRIMARY KEY,
    session_id   VARCHAR NOT NULL,
    kind         VARCHAR NOT NULL DEFAULT 'bookmark',
    body         VARCHAR NOT NULL DEFAULT '',
    quote        VARCHAR,
    at_ms        BIGINT NOT NULL,
    turn_id      VARCHAR,
    chunk_id     VARCHAR,
    point_id     VARCHAR,
    color        VARCHAR NOT NULL DEFAULT 'amber',
    created_at   BIGINT NOT NULL,
    updated_at   BIGINT NOT NULL
);

-- Knowledge cards taken into a session (the session card), in session order.
CREATE TABLE session_cards (
    session_id  VARCHAR NOT NULL,
    memory_id   VARCHAR NOT NULL,
    ord         INTEGER NOT NULL,
    attached_at BIGINT NOT NULL,
    PRIMARY KEY (session_id, memory_id)
);

-- Earlier action items brought into a session.
CREATE TABLE session_brought_items (
    session_id             VARCHAR NOT NULL,
    item_id                VARCHAR NOT NULL,
    ord                    INTEGER NOT NULL,
    status_when_brought_in VARCHAR NOT NULL DEFAULT 'open',
    PRIMARY KEY (session_id, item_id)
);

-- Moments when the conversation came back to a card (target_kind memory) or a brought-in item
-- (target_kind action_item).
CREATE TABLE came_up_moments (
    session_id    VARCHAR NOT NULL,
    target_kind   VARCHAR NOT NULL,
    target_id     VARCHAR NOT NULL,
    ord           INTEGER NOT NULL,
    at_ms         BIGINT NOT NULL,
    heard         VARCHAR NOT NULL DEFAULT '',
    matched_terms VARCHAR[] NOT NULL DEFAULT [],
    PRIMARY KEY (session_id, target_kind, target_id, ord)
);

-- ---------------------------------------------------------------- notes
CREATE TABLE notes (
    workspace_id         VARCHAR NOT NULL,
    note_id              VARCHAR PRIMARY KEY,
    title                VARCHAR NOT NULL DEFAULT '',
    markdown             VARCHAR NOT NULL DEFAULT '',
    pinned               BOOLEAN NOT NULL DEFAULT false,
    project_id           VARCHAR,
    owner_session_id     VARCHAR,        -- set for a session's own note (role "session")
    has_embedded_content BOOLEAN NOT NULL DEFAULT false,
    trashed_at           BIGINT,
    created_at           BIGINT NOT NULL,
    updated_at           BIGINT NOT NULL
);

CREATE TABLE note_sessions (
    note_id    VARCHAR NOT NULL,
    session_id VARCHAR NOT NULL,
    ord        INTEGER NOT NULL,
    PRIMARY KEY (note_id, session_id)
);

CREATE TABLE note_topics (
    note_id  VARCHAR NOT NULL,
    topic_id VARCHAR NOT NULL,
    PRIMARY KEY (note_id, topic_id)
);

-- ---------------------------------------------------------------- action items
CREATE TABLE labels (
    workspace_id VARCHAR NOT NULL,
    label_id     VARCHAR PRIMARY KEY,
    item_type    VARCHAR NOT NULL,
    name         VARCHAR NOT NULL
);

CREATE TABLE action_items (
    workspace_id    VARCHAR NOT NULL,
    item_id         VARCHAR PRIMARY KEY,
    item_type       VARCHAR NOT NULL DEFAULT 'task',   -- task | follow_up | question | decision
    title           VARCHAR NOT NULL,
    details         VARCHAR,
    status          VARCHAR NOT NULL DEFAULT 'open',
    label_id        VARCHAR,
    due_at_ms       BIGINT,
    answer          VARCHAR,
    session_id      VARCHAR,
    project_id      VARCHAR,
    origin          VARCHAR NOT NULL DEFAULT 'manual',  -- summary | manual
    hidden          BOOLEAN NOT NULL DEFAULT false,     -- a summary item removed from its board
    carry_stopped   BOOLEAN NOT NULL DEFAULT false,
    anchor_turn_id  VARCHAR,
    anchor_chunk_id VARCHAR,
    anchor_point_id VARCHAR,
    anchor_at_ms    BIGINT,
    resolved_at_ms  BIGINT,
    created_at      BIGINT NOT NULL,
    updated_at      BIGINT NOT NULL
);

CREATE TABLE action_item_assignees (
    item_id    VARCHAR NOT NULL,
    ord        INTEGER NOT NULL,
    name       VARCHAR NOT NULL,
    contact_id VARCHAR,
    PRIMARY KEY (item_id, ord)
);

CREATE TABLE action_item_sources (
    item_id VARCHAR NOT NULL,
    ord     INTEGER NOT NULL,
    quote   VARCHAR NOT NULL DEFAULT '',
    turn_id VARCHAR,
    at_ms   BIGINT,
    PRIMARY KEY (item_id, ord)
);

-- ---------------------------------------------------------------- knowledge
CREATE TABLE knowledge_cards (
    workspace_id         VARCHAR NOT NULL,
    memory_id            VARCHAR PRIMARY KEY,
    title                VARCHAR NOT NULL,
    body                 VARCHAR NOT NULL DEFAULT '',
    type                 VARCHAR NOT NULL DEFAULT 'fact',
    status               VARCHAR NOT NULL DEFAULT 'approved',  -- approved | outdated | archived
    pinned               BOOLEAN NOT NULL DEFAULT false,
    priority             VARCHAR,
    confidence           DOUBLE,
    project_id           VARCHAR,
    contact_id           VARCHAR,
    organization_id      VARCHAR,
    session_id           VARCHAR,
    session_only         BOOLEAN NOT NULL DEFAULT false,
    created_by           VARCHAR NOT NULL DEFAULT 'user',
    last_confirmed_at_ms BIGINT,
    archived_at_ms       BIGINT,
    created_at           BIGINT NOT NULL,
    updated_at           BIGINT NOT NULL
);

CREATE TABLE knowledge_sources (
    memory_id   VARCHAR NOT NULL,
    ord         INTEGER NOT NULL,
    source_type VARCHAR NOT NULL,
    source_id   VARCHAR NOT NULL,
    at_ms       BIGINT,
    quote       VARCHAR NOT NULL DEFAULT '',
    locator     VARCHAR,
    status      VARCHAR NOT NULL DEFAULT 'ok',
    PRIMARY KEY (memory_id, ord)
);

CREATE TABLE suggestions (
    workspace_id     VARCHAR NOT NULL,
    suggestion_id    VARCHAR PRIMARY KEY,
    kind             VARCHAR NOT NULL,           -- memory | contact | organization
    action           VARCHAR NOT NULL DEFAULT 'create',
    status           VARCHAR NOT NULL DEFAULT 'pending',  -- pending | approving | approved | dismissed
    proposal_json    VARCHAR NOT NULL DEFAULT '{}',
    evidence_json    VARCHAR NOT NULL DEFAULT '[]',
    target_id        VARCHAR,
    confidence       DOUBLE,
    project_id       VARCHAR,
    session_id       VARCHAR,
    document_id      VARCHAR,
    snoozed_until_ms BIGINT,
    applied_card_id  VARCHAR,
    created_at       BIGINT NOT NULL,
    updated_at       BIGINT NOT NULL
);

-- ---------------------------------------------------------------- chats and documents
CREATE TABLE chats (
    workspace_id        VARCHAR NOT NULL,
    chat_id             VARCHAR PRIMARY KEY,
    title               VARCHAR NOT NULL DEFAULT '',
    grounding_mode      VARCHAR NOT NULL DEFAULT 'workspace',
    project_id          VARCHAR,
    pinned              BOOLEAN NOT NULL DEFAULT false,
    reply_language      VARCHAR,
    current_turn_status VARCHAR,
    trashed_at_ms       BIGINT,
    created_at          BIGINT NOT NULL,
    updated_at          BIGINT NOT NULL
);

CREATE TABLE chat_messages (
    chat_id      VARCHAR NOT NULL,
    message_id   VARCHAR NOT NULL,
    sequence     INTEGER NOT NULL,
    role         VARCHAR NOT NULL,   -- user | assistant
    content      VARCHAR NOT NULL,
    created_at   BIGINT NOT NULL,
    skill        VARCHAR,
    sources_json VARCHAR NOT NULL DEFAULT '[]',
    PRIMARY KEY (chat_id, message_id)
);

CREATE TABLE documents (
    workspace_id   VARCHAR NOT NULL,
    document_id    VARCHAR PRIMARY KEY,
    title          VARCHAR NOT NULL,
    file_type      VARCHAR NOT NULL DEFAULT 'pdf',
    status         VARCHAR NOT NULL DEFAULT 'ready',
    pinned         BOOLEAN NOT NULL DEFAULT false,
    project_id     VARCHAR,
    size_bytes     BIGINT NOT NULL DEFAULT 0,
    source_kind    VARCHAR NOT NULL DEFAULT 'upload',
    index_progress DOUBLE NOT NULL DEFAULT 1.0,
    text           VARCHAR,          -- extracted text; null = not extracted yet
    created_at     BIGINT NOT NULL,
    updated_at     BIGINT NOT NULL
);

-- ---------------------------------------------------------------- templates, series, calendar
CREATE TABLE templates (
    workspace_id VARCHAR NOT NULL,
    template_id  VARCHAR PRIMARY KEY,
    name         VARCHAR NOT NULL
);

CREATE TABLE series_kinds (
    workspace_id VARCHAR NOT NULL,
    kind_id      VARCHAR PRIMARY KEY,
    name         VARCHAR NOT NULL,
    icon         VARCHAR NOT NULL DEFAULT '',
    created_at   BIGINT NOT NULL,
    updated_at   BIGINT NOT NULL
);

CREATE TABLE series (
    workspace_id        VARCHAR NOT NULL,
    series_id           VARCHAR PRIMARY KEY,
    name                VARCHAR NOT NULL,
    kind                VARCHAR NOT NULL,
    custom_kind_id      VARCHAR,
    description         VARCHAR,
    project_id          VARCHAR,
    anchor_contact_id   VARCHAR,
    template_id         VARCHAR,
    start_template_json VARCHAR,
    archived_at_ms      BIGINT,
    created_at          BIGINT NOT NULL,
    updated_at          BIGINT NOT NULL
);

CREATE TABLE schedules (
    workspace_id                     VARCHAR NOT NULL,
    schedule_id                      VARCHAR PRIMARY KEY,
    series_id                        VARCHAR NOT NULL,
    enabled                          BOOLEAN NOT NULL DEFAULT true,
    schedule_kind                    VARCHAR NOT NULL,   -- one_time | recurring
    timezone                         VARCHAR NOT NULL,
    local_date                       VARCHAR NOT NULL,   -- YYYY-MM-DD
    local_time                       VARCHAR NOT NULL,   -- HH:MM
    duration_minutes                 INTEGER NOT NULL,
    title                            VARCHAR,
    rrule                            VARCHAR,
    reminder_offsets_minutes         INTEGER[] NOT NULL DEFAULT [10],
    start_mode                       VARCHAR NOT NULL DEFAULT 'prompt',
    auto_start_countdown_seconds     INTEGER NOT NULL DEFAULT 60,
    effective_from_original_start_ms BIGINT,
    generated_until_ms               BIGINT,            -- occurrences exist up to here
    created_at                       BIGINT NOT NULL,
    updated_at                       BIGINT NOT NULL
);

CREATE TABLE occurrences (
    workspace_id                 VARCHAR NOT NULL,
    occurrence_id                VARCHAR PRIMARY KEY,
    series_id                    VARCHAR,
    schedule_id                  VARCHAR,
    planned_start_at_ms          BIGINT NOT NULL,
    original_start_at_ms         BIGINT NOT NULL,
    duration_minutes             INTEGER NOT NULL,
    timezone                     VARCHAR NOT NULL,
    status                       VARCHAR NOT NULL DEFAULT 'planned',
    session_id                   VARCHAR,
    title                        VARCHAR,
    prepared_setup_json          VARCHAR,
    reminder_offsets_minutes     INTEGER[] NOT NULL DEFAULT [10],
    start_mode                   VARCHAR NOT NULL DEFAULT 'prompt',
    auto_start_countdown_seconds INTEGER NOT NULL DEFAULT 60,
    moved                        BOOLEAN NOT NULL DEFAULT false,
    was_scheduled                BOOLEAN NOT NULL DEFAULT true,
    quiet                        BOOLEAN NOT NULL DEFAULT false,
    snoozed_until_ms             BIGINT,
    created_at                   BIGINT NOT NULL,
    updated_at                   BIGINT NOT NULL
);

-- What a meeting will start with, as the app's prep page edits it (calendar.prep.edit):
-- kind memory | document | actionItem | skippedActionItem.
CREATE TABLE occurrence_prep_items (
    occurrence_id VARCHAR NOT NULL,
    kind          VARCHAR NOT NULL,
    item_id       VARCHAR NOT NULL,
    ord           INTEGER NOT NULL,
    PRIMARY KEY (occurrence_id, kind, item_id)
);

-- ---------------------------------------------------------------- scheduler (background jobs)
CREATE TABLE jobs (
    workspace_id        VARCHAR NOT NULL,
    job_id              VARCHAR PRIMARY KEY,
    job_kind            VARCHAR NOT NULL,   -- reminder | autoStart | export | ...
    scope_type          VARCHAR,
    scope_id            VARCHAR,
    target_type         VARCHAR,
    target_id           VARCHAR,
    queue_name          VARCHAR NOT NULL DEFAULT 'default',
    priority            INTEGER NOT NULL DEFAULT 0,
    run_at_ms           BIGINT NOT NULL,
    status              VARCHAR NOT NULL DEFAULT 'pending',
    attempt_count       INTEGER NOT NULL DEFAULT 0,
    max_attempts        INTEGER NOT NULL DEFAULT 3,
    last_error          VARCHAR,
    payload_json        VARCHAR NOT NULL DEFAULT '{}',
    dedupe_key          VARCHAR,
    lease_owner         VARCHAR,
    lease_expires_at_ms BIGINT,
    created_at_ms       BIGINT NOT NULL,
    updated_at_ms       BIGINT NOT NULL,
    started_at_ms       BIGINT,
    completed_at_ms     BIGINT,
    cancelled_at_ms     BIGINT
);

CREATE TABLE job_runs (
    run_id         VARCHAR PRIMARY KEY,
    job_id         VARCHAR NOT NULL,
    attempt_number INTEGER NOT NULL,
    status         VARCHAR NOT NULL,
    started_at_ms  BIGINT NOT NULL,
    finished_at_ms BIGINT,
    error          VARCHAR,
    output_json    VARCHAR
);

-- Meeting reminders waiting for Start / Snooze / Skip; each is backed by a job.
CREATE TABLE reminders (
    workspace_id     VARCHAR NOT NULL,
    job_id           VARCHAR PRIMARY KEY,
    occurrence_id    VARCHAR NOT NULL,
    offset_minutes   INTEGER NOT NULL,
    remind_at_ms     BIGINT NOT NULL,
    status           VARCHAR NOT NULL DEFAULT 'pending',
    snoozed_until_ms BIGINT,
    created_at       BIGINT NOT NULL,
    updated_at       BIGINT NOT NULL
);

-- ---------------------------------------------------------------- exports
CREATE TABLE export_destinations (
    workspace_id   VARCHAR NOT NULL,
    destination_id VARCHAR PRIMARY KEY,
    name           VARCHAR NOT NULL,
    format         VARCHAR NOT NULL,
    location       VARCHAR NOT NULL,
    enabled        BOOLEAN NOT NULL DEFAULT true,
    layout         VARCHAR NOT NULL DEFAULT 'flat',
    credential_ref VARCHAR,
    created_at     BIGINT NOT NULL,
    updated_at     BIGINT NOT NULL
);

-- A connected Notion destination's token, encrypted with a key kept outside the database.
CREATE TABLE export_credentials (
    destination_id VARCHAR PRIMARY KEY,
    ciphertext     VARCHAR NOT NULL,
    created_at     BIGINT NOT NULL
);

CREATE TABLE export_rules (
    workspace_id        VARCHAR NOT NULL,
    rule_id             VARCHAR PRIMARY KEY,
    scope_kind          VARCHAR NOT NULL,   -- workspace | project | series
    scope_id            VARCHAR NOT NULL,
    mode                VARCHAR NOT NULL,   -- inherit | override | disabled
    destination_ids     VARCHAR[] NOT NULL DEFAULT [],
    selection_json      VARCHAR NOT NULL DEFAULT '{}',
    timing_json         VARCHAR NOT NULL DEFAULT '{"kind":"ready"}',
    reexport_summary    BOOLEAN NOT NULL DEFAULT false,
    reexport_transcript BOOLEAN NOT NULL DEFAULT false,
    enabled_at_ms       BIGINT NOT NULL,
    created_at          BIGINT NOT NULL,
    updated_at          BIGINT NOT NULL
);

CREATE TABLE export_batches (
    workspace_id   VARCHAR NOT NULL,
    batch_id       VARCHAR PRIMARY KEY,
    automatic      BOOLEAN NOT NULL DEFAULT false,
    rule_id        VARCHAR,
    selection_json VARCHAR NOT NULL DEFAULT '{}',
    created_at_ms  BIGINT NOT NULL,
    updated_at_ms  BIGINT NOT NULL
);

CREATE TABLE export_deliveries (
    workspace_id    VARCHAR NOT NULL,
    delivery_id     VARCHAR PRIMARY KEY,
    batch_id        VARCHAR NOT NULL,
    session_id      VARCHAR NOT NULL,
    destination_id  VARCHAR NOT NULL,
    status          VARCHAR NOT NULL DEFAULT 'scheduled',
    location        VARCHAR,
    error           VARCHAR,
    conflict_json   VARCHAR,
    written_json    VARCHAR,         -- files written and their content hashes (conflict detection)
    run_after_ms    BIGINT,
    created_at_ms   BIGINT NOT NULL,
    updated_at_ms   BIGINT NOT NULL
);

CREATE TABLE export_runs (
    run_id         VARCHAR PRIMARY KEY,
    batch_id       VARCHAR NOT NULL,
    delivery_id    VARCHAR NOT NULL,
    status         VARCHAR NOT NULL,
    started_at_ms  BIGINT NOT NULL,
    finished_at_ms BIGINT,
    error          VARCHAR
);
