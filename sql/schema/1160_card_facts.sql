-- migration: 1160_card_facts
-- What knowledge.list's text filter reads is kept, not folded from every card's text on every call:
-- a knowledge card's title and text, folded (tb_folded), in card_facts. Every writer of a card's
-- text says so (`touched` "memory", talkbar/hooks.py: knowledge.create and update,
-- sessions.cards.add, an approved suggestion, an import), and talkbar/kept_text.py writes the facts
-- in the same transaction (card_facts_of, the one definition); the migration fills them for an
-- older file.
-- The filter folded the title and text of every card of the workspace on each call: with 27,600
-- cards of the demo's kind (129 characters on average), a query took 39-54 ms through the engine,
-- against 13.5 ms without one, and cards grow with the sessions (up to 24 a session). With the kept
-- text, interleaved with the code before: 5.1-9.9 ms (0.13-0.24x); without a query the same.
-- The kept text answers as the old filter did: tb_has_all(hay, words) is tb_has_all_folded over
-- tb_folded(hay) (1120).
CREATE TABLE card_facts (
    memory_id VARCHAR PRIMARY KEY,
    hay       VARCHAR NOT NULL    -- the title and the text, folded
);

-- The facts of the cards `ids` (joined, not tested with list_contains: 1100_chat_facts.sql).
CREATE MACRO card_facts_of(ids) AS TABLE
WITH wanted AS (SELECT DISTINCT unnest(ids) AS memory_id)
SELECT c.memory_id, coalesce(tb_folded(c.title || ' ' || c.body), '') AS hay
FROM knowledge_cards c
JOIN wanted w ON w.memory_id = c.memory_id;

INSERT INTO card_facts SELECT * FROM card_facts_of((SELECT coalesce(list(memory_id), []) FROM knowledge_cards));

-- The list's text filter: the card `id`'s kept text holds every word (a semi-join of its own, so
-- that a list asked without words reads no fact: tb_suggestion_has_all, 1130).
CREATE MACRO tb_card_has_all(id, words) AS
    id IN (SELECT f.memory_id FROM card_facts f WHERE tb_has_all_folded(f.hay, words));
