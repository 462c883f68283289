-- migration: 1270_search_gone
-- Scratch rows of a rewrite of many transcript passages at once (talkbar/search/rewrite.py: a person
-- renamed whom speakers in a thousand sessions go by): the passages taken out, with their texts, whose
-- words are found and marked in SQL as a bulk build finds a new passage's (emptied before it commits).
CREATE TABLE search_gone (
    doc_no  INTEGER NOT NULL,
    item_no INTEGER NOT NULL,
    field   TINYINT NOT NULL,
    len     INTEGER NOT NULL,
    text    VARCHAR,
    in_tail BOOLEAN NOT NULL
);
