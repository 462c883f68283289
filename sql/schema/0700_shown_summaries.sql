-- migration: 0700_shown_summaries
-- The summary a session shows, in one place: the one selected in the app, else the standard
-- length, else the first by length. tb_summary_order(selected, length) is that order as a sort key
-- (smallest first): sessions.get and sessions.stats take the first by it, search cuts a session's
-- snippet from it (arg_min), and shown_summaries holds it per session for exports, whose readiness
-- reads its generated_at_ms. It replaces export_summaries (0600), the same rule for exports alone.
CREATE MACRO tb_summary_order(selected, length) AS (NOT selected, length <> 'standard', length);

DROP VIEW export_summaries;

CREATE VIEW shown_summaries AS
SELECT * FROM summaries
QUALIFY row_number() OVER (PARTITION BY session_id ORDER BY tb_summary_order(selected, length)) = 1;
