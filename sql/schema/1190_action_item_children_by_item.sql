-- migration: 1190_action_item_children_by_item
-- Indexes on an action item's assignees and sources by item. Their keys are (item_id, ord), which
-- DuckDB's index cannot look up by item alone, so every read of a few items' shape
-- (action_item_rows_of, 1170: action_items.get, .list's page, every write's answer, calendar.prep)
-- scanned both tables whole: with 32,000 items, one item's shape took 6.6 ms on one thread, 4.6
-- with these (a few rows each, within db.settings' bound of 64), the same rows. Through the engine,
-- interleaved with the code before: action_items.get 8.78 -> 7.20 ms, .update 23.6 -> 20.7, .create
-- 17.2 -> 14.8, .list 12.0 -> 10.5 (5 items: 9.96 -> 7.85), calendar.prep 18.7 -> 16.7.
CREATE INDEX action_item_assignees_by_item ON action_item_assignees(item_id);
CREATE INDEX action_item_sources_by_item ON action_item_sources(item_id);
