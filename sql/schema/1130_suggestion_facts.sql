-- migration: 1130_suggestion_facts
-- What knowledge.suggestions.list's text filter reads is kept, not parsed from every suggestion's
-- JSON and folded on every call: every value of the proposal and every evidence quote, folded
-- (tb_folded), in suggestion_facts. A suggestion's proposal and evidence are written by an import
-- only (a review changes its state, never its text), which writes the facts in the same transaction
-- (suggestion_facts_of, the one definition); the migration fills them for an older file.
-- The list read the view suggestion_rows, whose `hay` parsed both JSON texts of every suggestion of
-- the file (20 ms at 32,000 suggestions) before tb_has_all folded it (28 ms more): with a query,
-- 50.7 ms through the engine, against 5.9 without; suggestions grow with the sessions, as knowledge
-- extraction proposes some for each.
-- The kept text answers as the old filter did: tb_has_all(hay, words) is tb_has_all_folded over
-- tb_folded(hay) (1120), and a hay that was NULL (no value) is kept as ''.
CREATE TABLE suggestion_facts (
    suggestion_id VARCHAR PRIMARY KEY,
    hay           VARCHAR NOT NULL    -- the proposal's values and the evidence quotes, folded
);

-- The facts of the suggestions `ids` (joined, not tested with list_contains: 1100_chat_facts.sql).
CREATE MACRO suggestion_facts_of(ids) AS TABLE
WITH wanted AS (SELECT DISTINCT unnest(ids) AS suggestion_id)
SELECT s.suggestion_id,
       coalesce(tb_folded(array_to_string(json_extract_string(s.proposal_json, '$.*'), ' ') || ' ' ||
                          array_to_string(json_extract_string(s.evidence_json, '$[*].quote'), ' ')), '') AS hay
FROM suggestions s
JOIN wanted w ON w.suggestion_id = s.suggestion_id;

INSERT INTO suggestion_facts SELECT * FROM suggestion_facts_of((SELECT coalesce(list(suggestion_id), []) FROM suggestions));

-- The list's text filter: the suggestion `id`'s kept text holds every word. An expression of its
-- own, not a join written in the list, so that a list asked without words (`-- when-null`, 1070)
-- reads no fact at all: joined (or with the IN written in the list), every page took 13.5 ms at
-- 32,000 suggestions against 5.8 before. A semi-join, not a scalar subquery per suggestion (the
-- same answers: with words 7.1 against 10.9 ms).
CREATE MACRO tb_suggestion_has_all(id, words) AS
    id IN (SELECT f.suggestion_id FROM suggestion_facts f WHERE tb_has_all_folded(f.hay, words));

-- A suggestion as every knowledge.suggestions.* operation answers it (0910's view, without the
-- `hay` that suggestion_facts keeps now).
CREATE OR REPLACE VIEW suggestion_rows AS
SELECT workspace_id, suggestion_id, status, kind, project_id, created_at, snoozed_until_ms,
       {'suggestionId': suggestion_id, 'kind': kind, 'action': action, 'status': status,
        'proposal': proposal_json, 'evidence': evidence_json, 'targetId': target_id, 'confidence': confidence,
        'projectId': project_id, 'sessionId': session_id, 'documentId': document_id,
        'snoozedUntilMs': snoozed_until_ms, 'appliedCardId': applied_card_id, 'createdAt': created_at} AS shown
FROM suggestions;
