-- migration: 1240_search_check
-- Workspaces whose search index is checked once against their items (talkbar/search/check.py, at
-- the first search or write after this migration). Until 1230, a write that came while another
-- thread of the same process was still loading the write hooks (talkbar/hooks.py, load_plugins)
-- was committed without them: a note created by a fresh MCP server beside its first write was left
-- out of the search index (one edited kept its old passages, one deleted its passages). 1230 wrote
-- the list filters' kept text again in SQL; the index's passages need the tokeniser, so they are
-- mended by the check. Every workspace indexed so far is to be checked; a rebuild needs none.
CREATE TABLE search_checks (
    workspace_id VARCHAR PRIMARY KEY
);
INSERT INTO search_checks SELECT DISTINCT workspace_id FROM search_stats;
