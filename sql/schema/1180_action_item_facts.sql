-- migration: 1180_action_item_facts
-- What action_items.list's text filter reads is kept, not folded from every item's text on every
-- call: an action item's title and details, folded (tb_folded), in action_item_facts. Every writer
-- of an item's text says so (`touched` "action_item", talkbar/hooks.py: action_items.create, update,
-- set_status, remove, an import), and talkbar/kept_text.py writes the facts in the same transaction
-- (action_item_facts_of, the one definition); the migration fills them for an older file.
-- The filter folded the title and details of every item of the workspace on each call: with 32,000
-- items of the demo's kind (ten years of meetings leave several a meeting), a search took 26-47 ms
-- through the engine, against 13.4 ms without one; with the kept text 12.3-18.2 ms (0.37-0.56x,
-- interleaved with the code before). A write of an item pays the facts' statement: 2.2 ms.
-- action_items.remove deletes a manual item, and its facts with it (action_items.remove:facts).
-- The kept text answers as the old filter did: tb_has_all(hay, words) is tb_has_all_folded over
-- tb_folded(hay) (1120).
CREATE TABLE action_item_facts (
    item_id VARCHAR PRIMARY KEY,
    hay     VARCHAR NOT NULL    -- the title and the details, folded
);

-- The facts of the items `ids` (joined, not tested with list_contains: 1100_chat_facts.sql).
CREATE MACRO action_item_facts_of(ids) AS TABLE
WITH wanted AS (SELECT DISTINCT unnest(ids) AS item_id)
SELECT a.item_id, coalesce(tb_folded(a.title || ' ' || coalesce(a.details, '')), '') AS hay
FROM action_items a
JOIN wanted w ON w.item_id = a.item_id;

INSERT INTO action_item_facts SELECT * FROM action_item_facts_of((SELECT coalesce(list(item_id), []) FROM action_items));

-- The list's text filter: the item `id`'s kept text holds every word (a semi-join of its own, so
-- that a list asked without words reads no fact: tb_suggestion_has_all, 1130).
CREATE MACRO tb_action_item_has_all(id, words) AS
    id IN (SELECT f.item_id FROM action_item_facts f WHERE tb_has_all_folded(f.hay, words));
