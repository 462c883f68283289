-- migration: 1140_note_facts
-- What notes.list's text filter reads is kept, not folded from every note's text on every call: a
-- note's title and Markdown, folded (tb_folded), in note_facts. Every writer of a note's text says
-- so (`touched`, talkbar/hooks.py: notes.create, update, append, an import), and
-- talkbar/kept_text.py writes the facts in the same transaction (note_facts_of, the one
-- definition); the migration fills them for an older file.
-- The filter folded every note's title and text on each call: with 4,014 notes of the demo's kind
-- (277 characters on average, most with a character that is not ASCII), a search took 44-52 ms
-- through the engine, against 9.7 ms without one, and the cost grows with every note written.
-- The kept text answers as the old filter did: tb_has_all(hay, words) is tb_has_all_folded over
-- tb_folded(hay) (1120).
CREATE TABLE note_facts (
    note_id VARCHAR PRIMARY KEY,
    hay     VARCHAR NOT NULL    -- the title and the Markdown, folded
);

-- The facts of the notes `ids` (joined, not tested with list_contains: 1100_chat_facts.sql).
CREATE MACRO note_facts_of(ids) AS TABLE
WITH wanted AS (SELECT DISTINCT unnest(ids) AS note_id)
SELECT n.note_id, coalesce(tb_folded(n.title || ' ' || n.markdown), '') AS hay
FROM notes n
JOIN wanted w ON w.note_id = n.note_id;

INSERT INTO note_facts SELECT * FROM note_facts_of((SELECT coalesce(list(note_id), []) FROM notes));

-- The list's text filter: the note `id`'s kept text holds every word (a semi-join of its own, so
-- that a list asked without words reads no fact: tb_suggestion_has_all, 1130).
CREATE MACRO tb_note_has_all(id, words) AS
    id IN (SELECT f.note_id FROM note_facts f WHERE tb_has_all_folded(f.hay, words));
