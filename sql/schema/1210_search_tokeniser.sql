-- migration: 1210_search_tokeniser
-- Which tokeniser each workspace's index was built under (talkbar/search/text.py, TOKENISER): an
-- index built under another is built again at the first search or write (index.ensure), so a
-- change to what a word's terms are never leaves a query's terms and the index's apart (or a
-- passage taken out of the lists under terms it was not put in under). An indexed workspace with
-- no row here was built under tokeniser 1.
CREATE TABLE search_tokeniser (
    workspace_id VARCHAR PRIMARY KEY,
    version      INTEGER NOT NULL
);
