-- Writing the search index (talkbar/search/index.py). Every write here runs inside the
-- transaction of the change it follows, so the next search sees it.

-- name: search.items.find
-- returns: many
-- params: $workspace_id, $kind, $ids
-- The item numbers already given to these items.
SELECT item_id, item_no FROM search_items
WHERE workspace_id = $workspace_id AND kind = $kind AND list_contains($ids, item_id)

-- name: search.items.add
-- returns: many
-- params: $workspace_id, $kind, $ids
-- Number new items.
INSERT INTO search_items
SELECT nextval('search_item_seq'), $workspace_id, $kind, id FROM (SELECT unnest($ids) AS id)
RETURNING item_id, item_no

-- name: search.items.drop
-- returns: exec
-- params: $items
-- Items that are gone (their passages were removed first).
DELETE FROM search_items WHERE list_contains($items, item_no)

-- name: search.docs.drop
-- returns: many
-- params: $items, $fields
-- Remove the passages of these items in these fields (0 title, 1 own text, 2 content); returns
-- their text (tokenised again, it names the term lists to take them out of) and length (the counts).
DELETE FROM search_docs WHERE list_contains($items, item_no) AND list_contains($fields, field)
RETURNING doc_no, item_no, field, len, text

-- name: search.docs.of
-- returns: many
-- params: $items, $fields
-- The passages these items hold in these fields, to compare with what they would hold now: only
-- those that differ are replaced (index.py).
SELECT doc_no, item_no, field, part, t_ms, text FROM search_docs
WHERE list_contains($items, item_no) AND list_contains($fields, field)

-- name: search.docs.drop_ids
-- returns: many
-- params: $docs
-- Remove replaced passages (changed turns, an item's changed title or text), returning the same.
DELETE FROM search_docs WHERE list_contains($docs, doc_no)
RETURNING doc_no, item_no, field, len, text

-- name: search.docs.count_matching
-- returns: one
-- params: $workspace_id, $pattern
-- A tokeniser upgrade's measure (index.upgrade): of the workspace's passages, how many hold a
-- character of `pattern` (a regular expression's class), and how many there are.
SELECT count(*) FILTER (WHERE regexp_matches(d.text, $pattern)) AS matching, count(*) AS passages
FROM search_docs d JOIN search_items i USING (item_no)
WHERE i.workspace_id = $workspace_id

-- name: search.docs.drop_matching
-- returns: many
-- params: $workspace_id, $pattern
-- The workspace's passages holding a character of `pattern`, removed to be indexed again under a
-- newer tokeniser (index.upgrade), returned as search.docs.drop_ids does, with what puts them back.
DELETE FROM search_docs
WHERE item_no IN (SELECT item_no FROM search_items WHERE workspace_id = $workspace_id)
  AND regexp_matches(text, $pattern)
RETURNING doc_no, item_no, field, part, t_ms, changed, len, text

-- name: search.docs.add
-- returns: many
-- params: $items, $fields, $parts, $t_ms, $changed, $lens, $texts
-- New passages, numbered from the sequence; the postings are written with these numbers (matched
-- back by item, field and part: an item has one passage per part). The lists unnested side by side
-- in the select list, not in a subquery: 0.3 ms less to plan, which a live turn pays on each append.
INSERT INTO search_docs
SELECT nextval('search_doc_seq'), unnest($items), unnest($fields), unnest($parts), unnest($t_ms), unnest($changed),
       unnest($lens), unnest($texts)
RETURNING doc_no, item_no, field, part

-- name: search.docs.touch
-- returns: exec
-- params: $docs, $changed
-- Passages that stay as they are (a turn made final, its text unchanged) take the turn's new change
-- time, which the next incremental pass starts after (search.source.turns).
UPDATE search_docs SET changed = u.changed
FROM (SELECT unnest($docs) AS doc_no, unnest($changed) AS changed) u
WHERE search_docs.doc_no = u.doc_no

-- name: search.fronts.drop_unkept
-- returns: exec
-- params: $keys, $items, $counts, $gone
-- Passages that left the lists, by list and item (list keys[i] lost the passages gone[i] of item
-- items[i], counts[i] of them transcript passages: postings.Writer.remove groups them), and that a
-- front cannot follow: a transcript passage on an item's front while the item keeps other
-- passages holding the word (one of those may be on the front now). Those lists lose their fronts
-- (sql/schema/0940_search_fronts.sql) until the next compaction builds them again; their searches
-- group the postings meanwhile. The other fronts follow the lists (search.fronts.cut).
DELETE FROM search_fronts WHERE key IN (
    SELECT f.key
    FROM (SELECT key, unnest(docs) AS doc, unnest(items) AS item, unnest(ns) AS n
          FROM search_fronts WHERE list_contains($keys, key)) f
    JOIN (SELECT unnest($keys) AS key, unnest($items) AS item, unnest($counts) AS k, unnest($gone) AS gone) g
      ON g.key = f.key AND g.item = f.item
    GROUP BY f.key, f.item
    HAVING bool_or(f.doc <> -f.item AND list_contains(g.gone, f.doc) AND f.n = 0)
       AND max(f.n) FILTER (WHERE f.doc = -f.item) > max(g.k))

-- name: search.fronts.cut
-- returns: exec
-- params: $keys, $items, $counts, $gone
-- The other fronts of those lists follow them: the passages that left leave the front too (a
-- transcript passage on the front was its item's last holding the word), and each item's count
-- entry takes off its transcript passages that left (and goes with the last). So a front stays the
-- one its list gives (less the passages of names and own text marked removed, which stay in both
-- till the next compaction: sql/schema/1000_search_marks.sql), and an edit of an old session keeps
-- the fronts of its words' long lists (dropped, a search of such a word grouped its whole list
-- until the next compaction: at 6 M turns "бюджета review" 57 -> 119 ms). Lists that fell below
-- tb_front_at() lose theirs next (search.fronts.drop_short).
UPDATE search_fronts
SET docs = x.docs, items = x.items, fields = x.fields, tfs = x.tfs, dls = x.dls, ns = x.ns
FROM (SELECT key, list(doc ORDER BY item, doc) AS docs, list(item ORDER BY item, doc) AS items,
             list(field ORDER BY item, doc) AS fields, list(tf ORDER BY item, doc) AS tfs,
             list(dl ORDER BY item, doc) AS dls, list(n ORDER BY item, doc) AS ns
      FROM (SELECT f.key, f.doc, f.item, f.field, f.tf, f.dl,
                   CASE WHEN f.doc = -f.item THEN f.n - coalesce(g.k, 0) ELSE f.n END AS n
            FROM (SELECT key, unnest(docs) AS doc, unnest(items) AS item, unnest(fields) AS field,
                         unnest(tfs) AS tf, unnest(dls) AS dl, unnest(ns) AS n
                  FROM search_fronts WHERE list_contains($keys, key)) f
            LEFT JOIN (SELECT unnest($keys) AS key, unnest($items) AS item, unnest($counts) AS k,
                              unnest($gone) AS gone) g ON g.key = f.key AND g.item = f.item
            WHERE g.gone IS NULL OR f.doc = -f.item OR NOT list_contains(g.gone, f.doc))
      WHERE doc <> -item OR n > 0
      GROUP BY key) x
WHERE search_fronts.key = x.key

-- name: search.fronts.drop_short
-- returns: exec
-- params: $keys
-- The fronts of these lists that are no longer long enough to have one: their length less the
-- passages marked removed from them (sql/schema/1000_search_marks.sql), the length a compaction
-- will leave them.
DELETE FROM search_fronts
WHERE list_contains($keys, key) AND key IN (
    SELECT key FROM (SELECT key, n FROM search_lists WHERE list_contains($keys, key)
                     UNION ALL
                     SELECT key, -count(*) FROM search_tail WHERE list_contains($keys, key) AND tf < 0 GROUP BY key)
    GROUP BY key HAVING sum(n) < tb_front_at())

-- name: search.fronts.marked
-- returns: one
-- params: $staged
-- The marks in the tail for the fronts to follow (postings.follow_fronts): with $staged, those of
-- the passages a rewrite takes out (search_gone, talkbar/search/rewrite.py); else every one, which
-- after a compaction's swap are those made since its copy was taken (compact.swap: the copy's lists
-- still hold their passages, and its fronts were built with them). `keys` every list marked;
-- `groups` by list and item the transcript passages that left a list with a front (the others have
-- none to follow), as parallel lists.
WITH m AS (SELECT t.key, t.doc_no, t.item, t.field FROM search_tail t
           WHERE t.tf = -1 AND (NOT $staged OR t.doc_no IN (SELECT doc_no FROM search_gone WHERE NOT in_tail))),
g AS (SELECT key, item, count(*) AS k, list(doc_no) AS gone FROM m
      WHERE field = 2 AND key IN (SELECT key FROM search_fronts) GROUP BY key, item)
SELECT (SELECT list(DISTINCT key) FROM m) AS keys,
       (SELECT {'keys': list(key), 'items': list(item), 'counts': list(k), 'gone': list(gone)} FROM g) AS groups

-- name: search.dead.add
-- returns: exec
-- params: $keys, $docs
-- Removed (term, passage) pairs, for a compaction whose copy was taken before (the swap takes
-- them out of it).
INSERT INTO search_dead SELECT unnest($docs), unnest($keys)

-- name: search.tail.drop
-- returns: many
-- params: $docs
-- The removed passages' postings in the tail; returns the passages that had them there (a
-- passage's postings are all in the tail or all in the lists, so these have none in the lists).
DELETE FROM search_tail WHERE list_contains($docs, doc_no)
RETURNING doc_no

-- name: search.tail.add
-- returns: exec
-- params: $keys, $docs, $items, $fields, $tfs, $dls
-- New postings, appended to the unsorted tail.
INSERT INTO search_tail
SELECT unnest($keys), unnest($docs), unnest($items), unnest($fields), unnest($tfs), unnest($dls)

-- name: search.sessions.named_by
-- returns: many
-- params: $workspace_id, $people
-- The workspace's sessions where one of these people speaks with no name of their own (their
-- passages start with the person's name: search.source.turns).
SELECT DISTINCT session_id FROM session_participants
WHERE workspace_id = $workspace_id AND name IS NULL AND list_contains($people, contact_id)

-- name: search.stats.add
-- returns: exec
-- params: $workspace_id, $docs, $lens
-- BM25's counts per field (0 title, 1 own text, 2 content; $docs and $lens hold one number a
-- field) follow every change.
INSERT INTO search_stats SELECT $workspace_id, unnest([0, 1, 2]), unnest($docs), unnest($lens)
ON CONFLICT (workspace_id, field) DO UPDATE SET n_docs = n_docs + excluded.n_docs, total_len = total_len + excluded.total_len

-- name: search.stats.bump
-- returns: exec
-- params: $workspace_id, $field, $docs, $lens
-- The same for one field of a workspace whose counts exist (every write after the first index),
-- one statement per field that changed: a plain UPDATE by the key costs a third of the upsert, and
-- half of one taking the three fields as lists (1.9 against 4.1 ms at 600 k turns), which a live
-- turn pays on each append. The rows it changed: 0 when the row is missing (then search.stats.add).
-- A count, not RETURNING: 0.71 against 0.93 ms for an UPDATE of a 3-row keyed table.
UPDATE search_stats SET n_docs = n_docs + $docs, total_len = total_len + $lens
WHERE workspace_id = $workspace_id AND field = $field

-- name: search.index.state
-- returns: one
-- params: $workspace_id
-- The tokeniser the workspace's index was built under (1 where none is recorded), and whether it
-- is to be checked against the items (migration 1240); no row if it was never indexed (a rebuild
-- writes its counts rows first).
SELECT coalesce((SELECT version FROM search_tokeniser WHERE workspace_id = $workspace_id), 1) AS built_under,
       EXISTS (SELECT 1 FROM search_checks WHERE workspace_id = $workspace_id) AS checking
FROM search_stats WHERE workspace_id = $workspace_id LIMIT 1

-- name: search.tokeniser.set
-- returns: exec
-- params: $workspace_id, $version
-- The tokeniser a rebuild indexes the workspace under.
INSERT INTO search_tokeniser VALUES ($workspace_id, $version)
ON CONFLICT (workspace_id) DO UPDATE SET version = excluded.version

-- ------------------------------------------------------------------ rebuilding a workspace

-- name: search.clear.fronts
-- returns: exec
-- params: $workspace_id
-- The fronts of a workspace's lists, found like them (before its items go).
DELETE FROM search_fronts WHERE items[1] IN (SELECT item_no FROM search_items WHERE workspace_id = $workspace_id)

-- name: search.clear.lists
-- returns: exec
-- params: $workspace_id
-- A workspace's term lists go before its items (they are found through them: a term key belongs
-- to one workspace, so any entry of a list names it).
DELETE FROM search_lists WHERE items[1] IN (SELECT item_no FROM search_items WHERE workspace_id = $workspace_id)

-- name: search.clear.tail
-- returns: exec
-- params: $workspace_id
-- The same for the unsorted tail.
DELETE FROM search_tail WHERE item IN (SELECT item_no FROM search_items WHERE workspace_id = $workspace_id)

-- name: search.clear.docs
-- returns: exec
-- params: $workspace_id
-- Its passages.
DELETE FROM search_docs WHERE item_no IN (SELECT item_no FROM search_items WHERE workspace_id = $workspace_id)

-- name: search.clear.items
-- returns: exec
-- params: $workspace_id
-- Its items.
DELETE FROM search_items WHERE workspace_id = $workspace_id

-- name: search.clear.stats
-- returns: exec
-- params: $workspace_id
-- Its counts.
DELETE FROM search_stats WHERE workspace_id = $workspace_id

-- name: search.clear.tokeniser
-- returns: exec
-- params: $workspace_id
-- The tokeniser it was built under.
DELETE FROM search_tokeniser WHERE workspace_id = $workspace_id

-- name: search.clear.check
-- returns: exec
-- params: $workspace_id
-- A check it was waiting for (talkbar/search/check.py): made, or not needed by an index built whole.
DELETE FROM search_checks WHERE workspace_id = $workspace_id

-- ------------------------------------------------------------------ checking against the items

-- name: search.check.items
-- returns: many
-- params: $workspace_id, $kind
-- The numbers of a workspace's indexed items of one kind.
SELECT item_id, item_no FROM search_items WHERE workspace_id = $workspace_id AND kind = $kind

-- name: search.check.docs
-- returns: many
-- params: $workspace_id, $kind, $fields
-- The passages its items of one kind hold in these fields, as search.docs.of returns them.
SELECT d.doc_no, d.item_no, d.field, d.part, d.t_ms, d.text
FROM search_docs d JOIN search_items i USING (item_no)
WHERE i.workspace_id = $workspace_id AND i.kind = $kind AND list_contains($fields, d.field)

-- name: search.check.turns
-- returns: many
-- params: $workspace_id, $first_no, $last_no, $sessions
-- Of the sessions keyed $first_no..$last_no (of those, the keys in $sessions only, unless it is
-- NULL: the sessions whose speakers' names changed, index.py), each turn whose passage may not be
-- what it should be (missing, its words' hash or its start or change time not its turn's), by its
-- session's key and its id, and each passage whose turn is gone (part NULL). The texts are compared
-- by their hashes, the join carrying 8 bytes for each instead of its text (the whole check at 6 M
-- turns in process, one thread: 3.8-4.6 s against 12.7-13.7 s comparing the texts, NFC'd, in the
-- join), and only the few that differ are read whole (search.check.turn_texts, .passage_texts): joined here,
-- every turn's and passage's text in the range was read again for them, whether any differed or
-- not (the whole check at 6 M turns with nothing to mend, this statement's part: 3.1-3.7 s, against
-- 5.0-5.6 s with the turns' texts joined by session and id, 3.3-4.2 s by id alone).
WITH i AS (
    SELECT i.item_no, s.session_no FROM sessions s
    JOIN search_items i ON i.workspace_id = $workspace_id AND i.kind = 'session' AND i.item_id = s.session_id
    WHERE s.workspace_id = $workspace_id AND s.session_no BETWEEN $first_no AND $last_no
      AND ($sessions IS NULL OR list_contains($sessions, s.session_no))
),
d AS (SELECT doc_no, item_no, part, t_ms, changed, hash(text) AS h FROM search_docs
      WHERE field = 2 AND item_no IN (SELECT item_no FROM i)),
t AS (
    SELECT i.item_no, t.session_no, t.turn_id, t.start_ms, t.changed_at_ms,
           hash(tb_turn_passage(p.name, c.name, t.text)) AS h
    FROM turns t JOIN i USING (session_no)
    LEFT JOIN session_participants p ON p.session_id = t.session_id AND p.speaker_id = t.speaker_id
    LEFT JOIN contacts c ON c.contact_id = p.contact_id
    WHERE t.workspace_id = $workspace_id AND t.session_no BETWEEN $first_no AND $last_no
)
SELECT coalesce(t.item_no, d.item_no) AS item_no, t.session_no, t.turn_id AS part, t.start_ms AS t_ms,
       t.changed_at_ms AS changed, d.doc_no, d.t_ms AS old_t_ms
FROM t FULL JOIN d ON d.item_no = t.item_no AND d.part = t.turn_id
WHERE d.doc_no IS NULL OR t.turn_id IS NULL OR d.h <> t.h OR d.changed IS DISTINCT FROM t.changed_at_ms
   OR d.t_ms IS DISTINCT FROM t.start_ms
ORDER BY item_no, d.doc_no

-- name: search.check.turn_texts
-- returns: many
-- params: $workspace_id, $first_no, $last_no, $sessions, $turn_ids
-- The passages these turns should have (their speaker's name, then what was said; not yet in NFC:
-- check.py compares them), the turns given by their sessions' keys and their ids side by side (a
-- turn's id is its session's own: another session may hold one of the same id), all of them within
-- the sessions keyed $first_no..$last_no.
SELECT t.session_no, t.turn_id, tb_turn_passage(p.name, c.name, t.text) AS body
FROM turns t
JOIN (SELECT unnest($sessions) AS session_no, unnest($turn_ids) AS turn_id) w
    ON w.session_no = t.session_no AND w.turn_id = t.turn_id
LEFT JOIN session_participants p ON p.session_id = t.session_id AND p.speaker_id = t.speaker_id
LEFT JOIN contacts c ON c.contact_id = p.contact_id
WHERE t.workspace_id = $workspace_id AND t.session_no BETWEEN $first_no AND $last_no

-- name: search.check.passage_texts
-- returns: many
-- params: $docs
-- These passages' texts, whole (a join: a list this long tested against every passage costs its
-- length on each).
SELECT d.doc_no, d.text FROM search_docs d JOIN (SELECT unnest($docs) AS doc_no) w USING (doc_no)

-- name: search.orphans
-- returns: many
-- params: none
-- Indexed workspaces that no longer exist (an import drops the empty placeholder workspace).
SELECT DISTINCT i.workspace_id FROM search_items i
WHERE NOT EXISTS (SELECT 1 FROM workspaces w WHERE w.workspace_id = i.workspace_id)

-- name: search.bulk.session_ranges
-- returns: many
-- params: $workspace_id, $sessions
-- The workspace's sessions as ranges of their keys, $sessions sessions each: a rebuild indexes
-- their titles and summaries a range at a time (100,000 sessions at once held 2.9 GB of postings).
SELECT min(session_no) AS first_no, max(session_no) AS last_no
FROM (SELECT session_no, row_number() OVER (ORDER BY session_no) - 1 AS i FROM sessions
      WHERE workspace_id = $workspace_id)
GROUP BY i // $sessions ORDER BY first_no

-- name: search.bulk.turn_ranges
-- returns: many
-- params: $workspace_id, $turns, $ids
-- The workspace's sessions (or those of them with the ids $ids, unless it is NULL) as ranges of
-- their keys holding about $turns turns each (a session longer than that is a range of its own; one
-- without turns is in a range too), so that staging the turns a range at a time (a bulk build), or
-- comparing them with their passages (the check, talkbar/search/check.py, which must also reach the
-- passages of a session whose turns are all gone; and the sessions whose speakers' names changed),
-- keeps its joins and its sort within an import's memory bound however many sessions there are
-- (the check all at once held 2.4 GB at 6 M turns). `sessions`: with $ids, the keys of those in the
-- range (a range of some sessions holds others between them); NULL without.
WITH per_session AS (
    SELECT s.session_no, count(t.session_no) AS n
    FROM sessions s LEFT JOIN turns t ON t.session_no = s.session_no
    WHERE s.workspace_id = $workspace_id AND ($ids IS NULL OR list_contains($ids, s.session_id))
    GROUP BY s.session_no
),
running AS (
    SELECT session_no, sum(n) OVER (ORDER BY session_no) - n AS before FROM per_session
)
SELECT min(session_no) AS first_no, max(session_no) AS last_no,
       CASE WHEN $ids IS NOT NULL THEN list(session_no ORDER BY session_no) END AS sessions
FROM running GROUP BY before // $turns ORDER BY first_no

-- name: search.bulk.stage_turns
-- returns: exec
-- params: $workspace_id, $first_no, $last_no
-- The transcript turns of the sessions keyed $first_no..$last_no as passages (speaker's name and
-- text), numbered in item and turn order, so that a session's passages lie together (zone maps on
-- item_no, doc_no).
INSERT INTO search_stage
SELECT nextval('search_doc_seq'), item_no, turn_id, start_ms, changed_at_ms, body
FROM (
    SELECT i.item_no, t.turn_id, t.start_ms, t.changed_at_ms,
           nfc_normalize(tb_turn_passage(p.name, c.name, t.text)) AS body
    FROM turns t
    JOIN search_items i ON i.workspace_id = $workspace_id AND i.kind = 'session' AND i.item_id = t.session_id
    LEFT JOIN (
        SELECT p.session_id, p.speaker_id, p.name, p.contact_id
        FROM session_participants p JOIN sessions s ON s.session_id = p.session_id
        WHERE s.session_no BETWEEN $first_no AND $last_no
    ) p ON p.session_id = t.session_id AND p.speaker_id = t.speaker_id
    LEFT JOIN contacts c ON c.contact_id = p.contact_id
    WHERE t.workspace_id = $workspace_id AND t.session_no BETWEEN $first_no AND $last_no
    ORDER BY i.item_no, t.seq
)

-- name: search.bulk.words
-- returns: value
-- params: none
-- The distinct pieces of the staged passages between spaces, as one list (not a row each): the
-- tokeniser splits each into its words and maps them to their terms once (postings.vocabulary).
-- No word holds a space, so the words of the pieces are the words of the text. Splitting at spaces
-- here instead of by the tokeniser's pattern (RE2) took 0.41 against 1.34 s at 600 k turns, and so
-- does the same split in search.bulk.postings (0.28 against 1.17 s); the pattern has one place now.
SELECT list(piece) FROM (SELECT DISTINCT unnest(string_split(text, ' ')) AS piece FROM search_stage)

-- name: search.bulk.vocab
-- returns: exec
-- params: $words, $keys
-- piece -> term key, a row for each term of each of its words in order (a compound word has
-- several; a function word none; a word twice in a piece, its terms twice, so that the join counts
-- every occurrence).
INSERT INTO search_vocab SELECT unnest($words), unnest($keys)

-- name: search.bulk.doc_ranges
-- returns: many
-- params: $docs
-- The staged passages in ranges of $docs numbers, for their postings to be counted and sorted a
-- range at a time.
SELECT lo, least(lo + $docs - 1, last) AS hi
FROM (SELECT min(doc_no) AS first, max(doc_no) AS last FROM search_stage), range(first, last + 1, $docs) r(lo)
ORDER BY lo

-- name: search.bulk.postings
-- returns: exec
-- params: $lo, $hi
-- Split the staged passages numbered $lo..$hi at their spaces as search.bulk.words does, map the
-- pieces to term keys through the vocabulary, and count, into the tail sorted by term key: each
-- range a sorted run, so that a range of keys settle() folds reads a row group or two of each
-- (zone maps) and the tail needs no sorted copy (which, written into the file and deleted before
-- commit, had left an import's file a further fifth free blocks, migration 0980).
INSERT INTO search_tail
WITH w AS (
    SELECT doc_no, item_no, unnest(string_split(text, ' ')) AS word FROM search_stage WHERE doc_no BETWEEN $lo AND $hi
),
k AS (SELECT w.doc_no, w.item_no, v.key FROM w JOIN search_vocab v ON v.word = w.word),
tf AS (SELECT key, doc_no, any_value(item_no) AS item, count(*) AS tf FROM k GROUP BY key, doc_no),
dl AS (SELECT doc_no, sum(tf) AS dl FROM tf GROUP BY doc_no)
SELECT tf.key, tf.doc_no, tf.item, 2, least(tf.tf, 32767), dl.dl FROM tf JOIN dl USING (doc_no)
ORDER BY tf.key, tf.doc_no

-- name: search.bulk.docs
-- returns: exec
-- params: none
-- The staged passages become documents, with their lengths.
INSERT INTO search_docs
SELECT s.doc_no, s.item_no, 2, s.part, s.t_ms, s.changed, coalesce(l.dl, 0), s.text
FROM search_stage s
LEFT JOIN (SELECT doc_no, any_value(dl) AS dl FROM search_tail
           WHERE doc_no >= (SELECT min(doc_no) FROM search_stage) GROUP BY doc_no) l USING (doc_no)
ORDER BY s.doc_no

-- name: search.bulk.totals
-- returns: one
-- params: none
-- How many staged passages and terms, for the counts.
SELECT count(*) AS docs, coalesce(sum(d.len), 0) AS len
FROM search_docs d WHERE d.doc_no >= (SELECT min(doc_no) FROM search_stage)

-- name: search.bulk.clear_stage
-- returns: exec
-- params: none
-- Scratch rows go before commit.
DELETE FROM search_stage

-- name: search.bulk.clear_vocab
-- returns: exec
-- params: none
-- Scratch rows go before commit.
DELETE FROM search_vocab

-- name: search.bulk.tail_size
-- returns: one
-- params: none
-- How many postings wait in the tail.
SELECT count(*) AS n FROM search_tail

-- name: search.bulk.settle_more
-- returns: exec
-- params: $lo, $hi
-- The tail folded into the term lists, one range of keys at a time ($lo..$hi, about SETTLE_POSTINGS
-- postings, so that the lists being gathered stay within an import's memory bound; a bulk build's
-- runs, each sorted by key, let each range read only a row group or two of each). First the terms
-- that have a list: their postings are appended to it (after a rebuild, only another workspace's
-- tail has such terms).
-- A term's postings are gathered as one list of rows, sorted once, then split into the columns.
UPDATE search_lists SET docs = list_concat(search_lists.docs, [x.d for x in s.p]),
    items = list_concat(search_lists.items, [x.i for x in s.p]),
    fields = list_concat(search_lists.fields, [x.f for x in s.p]),
    tfs = list_concat(search_lists.tfs, [x.t for x in s.p]), dls = list_concat(search_lists.dls, [x.l for x in s.p]),
    n = search_lists.n + len(s.p)
FROM (SELECT key, list({'d': doc_no, 'i': item, 'f': field, 't': tf, 'l': dl} ORDER BY doc_no) AS p
      FROM search_tail
      WHERE key BETWEEN $lo AND $hi AND key IN (SELECT key FROM search_lists WHERE key BETWEEN $lo AND $hi)
      GROUP BY key) s
WHERE search_lists.key = s.key

-- name: search.bulk.settle
-- returns: exec
-- params: $lo, $hi
-- Then the terms that have none: a list each. Two statements, not one INSERT … ON CONFLICT DO
-- UPDATE, and one sort per term, not one per column: at 600 k turns, one range of all 6.5 M
-- postings (10,000 other lists there) took 1.8 s against 5.2 s.
INSERT INTO search_lists
SELECT key, [x.d for x in p], [x.i for x in p], [x.f for x in p], [x.t for x in p], [x.l for x in p], len(p)
FROM (SELECT key, list({'d': doc_no, 'i': item, 'f': field, 't': tf, 'l': dl} ORDER BY doc_no) AS p
      FROM search_tail
      WHERE key BETWEEN $lo AND $hi AND key NOT IN (SELECT key FROM search_lists WHERE key BETWEEN $lo AND $hi)
      GROUP BY key)

-- name: search.bulk.marks_to_journal
-- returns: exec
-- params: none
-- Before a settle, the marks in the tail (passages removed from the lists: 1000_search_marks.sql)
-- go to the journal of removals, which the swap's statements then carry out on the lists
-- (search.compact.swap_dead) …
INSERT INTO search_dead SELECT doc_no, key FROM search_tail WHERE tf < 0

-- name: search.bulk.drop_marks
-- returns: exec
-- params: none
-- … and leave the tail.
DELETE FROM search_tail WHERE tf < 0

-- name: search.bulk.drop_fronts
-- returns: exec
-- params: $lo, $hi
-- The fronts of the lists a range just settled are built again …
DELETE FROM search_fronts WHERE key BETWEEN $lo AND $hi

-- name: search.bulk.fronts
-- returns: exec
-- params: $lo, $hi
-- … for those long enough to have one.
INSERT INTO search_fronts SELECT * FROM search_front_rows('search_lists', $lo, $hi)

-- name: search.bulk.clear_tail
-- returns: exec
-- params: none
-- The tail was settled, every range of it.
DELETE FROM search_tail

-- ------------------------------------------------------------------ compaction (compact.py)

-- name: search.compact.state
-- returns: one
-- params: none
-- What the next write needs to decide: is a copy ready (and of which generation), how big are
-- the tail and the journal of removals (both go with a swap) against the whole index, and how many
-- lists long enough for a front have none (a passage that left one took it; a compaction builds
-- it again, unless the list, less its marked passages, is now too short for one). The index's
-- size is read from BM25's counts (its terms: a passage's distinct terms, its postings, are nearly
-- as many), a few rows, not from the lists' lengths: summing those read every list, 11 ms at
-- 600 k turns and ten times that at 6 M, on the first write of every process.
SELECT (SELECT generation FROM search_state) AS generation,
       (SELECT max(generation) FROM duckdb_tables() t, search_next_info WHERE t.table_name = 'search_next') AS ready,
       (SELECT count(*) FROM search_tail) + (SELECT count(*) FROM search_dead) AS tail,
       (SELECT coalesce(sum(total_len), 0) FROM search_stats) AS indexed,
       (SELECT count(*) FROM search_lists WHERE n >= tb_front_at()
                                            AND key NOT IN (SELECT key FROM search_fronts)) AS unfronted,
       EXISTS (SELECT 1 FROM search_next_ranges r, search_state s
               WHERE r.generation = s.generation AND r.range_no = 0) AS building

-- name: search.compact.progress
-- returns: one
-- params: none
-- How far the copy of this generation is: its ranges of keys (NULL: none begun) and those built.
SELECT max(ranges) FILTER (WHERE range_no = 0) AS ranges,
       coalesce(list(range_no ORDER BY range_no) FILTER (WHERE range_no > 0), []) AS built
FROM search_next_ranges WHERE generation = (SELECT generation FROM search_state)

-- name: search.compact.begun
-- returns: exec
-- params: $ranges
-- The copy's tables are made, of $ranges ranges of keys.
INSERT INTO search_next_ranges SELECT generation, 0, $ranges FROM search_state

-- name: search.compact.to_build
-- returns: value
-- params: $range_no
-- Whether range $range_no of this generation's copy is still to build (not when the copy was
-- discarded meanwhile, or the range built by a compaction before).
SELECT EXISTS (SELECT 1 FROM search_next_ranges r, search_state s WHERE r.generation = s.generation AND r.range_no = 0)
       AND NOT EXISTS (SELECT 1 FROM search_next_ranges r, search_state s
                       WHERE r.generation = s.generation AND r.range_no = $range_no)

-- name: search.compact.range_built
-- returns: exec
-- params: $range_no
INSERT INTO search_next_ranges SELECT generation, $range_no, 0 FROM search_state

-- name: search.compact.no_vacuum
-- returns: exec
-- params: none
-- A compaction stopped at a range's end commits that range's lists as a row group of its own; a
-- checkpoint's vacuum merged it with the ranges committed before (a few thousand terms each, their
-- lists 2 M postings: 1, 2, 4 ... 32 ranges of the copy written again as the one-shot writes at 6 M
-- turns went on). So the checkpoints left in this DuckDB instance (it ends with the lease) merge no
-- row groups, and the copy's are merged once, by the first checkpoint with its vacuum (that of the
-- process that builds the last ranges; bench/compaction_handoff.py at 6 M turns: 32 one-shot writes
-- 52.7 s in all against 73.3 s, the median 1.26 against 1.78 s, that one 12.2 s against the 11.0 s
-- of the merge of 32 ranges).
SET max_vacuum_tasks = 0

-- name: search.compact.path
-- returns: value
-- params: none
-- The database file, for the compaction's own connection.
SELECT path FROM duckdb_databases() WHERE database_name = current_database()

-- name: search.compact.build_table
-- returns: exec
-- params: none
-- The copy of the term lists, keyed like them.
CREATE OR REPLACE TABLE search_next (
    key BIGINT PRIMARY KEY, docs INTEGER[] NOT NULL, items INTEGER[] NOT NULL, fields TINYINT[] NOT NULL,
    tfs SMALLINT[] NOT NULL, dls INTEGER[] NOT NULL, n INTEGER NOT NULL
)

-- name: search.compact.build_postings
-- returns: exec
-- params: $lo, $hi
-- Its rows of the keys $lo..$hi: each term's list with the tail's postings of the term folded in,
-- in passage order, and the passages marked removed (1000_search_marks.sql) taken out (a term left
-- with none has no row). A range of keys at a time (compact.build), as a bulk build settles: the
-- lists' aggregates do not spill, and all the keys at once held 7.5 GB at 6 M turns.
INSERT INTO search_next
SELECT key, list(doc ORDER BY doc), list(item ORDER BY doc), list(field ORDER BY doc), list(tf ORDER BY doc),
       list(dl ORDER BY doc), count(*)
FROM (SELECT key, unnest(docs) AS doc, unnest(items) AS item, unnest(fields) AS field, unnest(tfs) AS tf,
             unnest(dls) AS dl FROM search_lists WHERE key BETWEEN $lo AND $hi
      UNION ALL SELECT key, doc_no, item, field, tf, dl FROM search_tail WHERE tf > 0 AND key BETWEEN $lo AND $hi)
WHERE doc NOT IN (SELECT doc_no FROM search_tail WHERE tf < 0)
GROUP BY key ORDER BY key

-- name: search.compact.build_fronts_table
-- returns: exec
-- params: none
-- The copy's fronts, keyed like search_fronts …
CREATE OR REPLACE TABLE search_next_fronts (
    key BIGINT PRIMARY KEY, docs INTEGER[] NOT NULL, items INTEGER[] NOT NULL, fields TINYINT[] NOT NULL,
    tfs SMALLINT[] NOT NULL, dls INTEGER[] NOT NULL, ns INTEGER[] NOT NULL
)

-- name: search.compact.build_fronts
-- returns: exec
-- params: $lo, $hi
-- … of its long lists, of the keys $lo..$hi.
INSERT INTO search_next_fronts
SELECT * FROM search_front_rows('search_next', $lo, $hi)

-- name: search.compact.build_docs_table
-- returns: exec
-- params: none
-- Exactly which tail passages each range of the copy took in (the swap removes just their rows of
-- the range's keys from the tail: a passage written after its range was built stays), and the
-- marked ones it took out (their marks go with them) …
CREATE OR REPLACE TABLE search_next_docs (doc_no INTEGER NOT NULL, lo BIGINT NOT NULL, hi BIGINT NOT NULL)

-- name: search.compact.build_docs
-- returns: exec
-- params: $lo, $hi
-- … those of the keys $lo..$hi.
INSERT INTO search_next_docs SELECT DISTINCT doc_no, $lo, $hi FROM search_tail WHERE key BETWEEN $lo AND $hi

-- name: search.compact.build_dead
-- returns: exec
-- params: $lo, $hi
-- The journal's removals of the keys $lo..$hi: none of those passages is in this range of the copy
-- (they left the tail before it was read), so none is to take out of it at the swap, and their
-- lists keep the fronts the copy built (the swap drops the fronts of the lists it takes passages
-- out of).
DELETE FROM search_dead WHERE key BETWEEN $lo AND $hi

-- name: search.compact.build_info
-- returns: exec
-- params: none
-- The generation the copy was built from.
INSERT INTO search_next_info SELECT generation FROM search_state

-- name: search.compact.swap_drop_old
-- returns: exec
-- params: none
-- The old term lists go …
DROP TABLE search_lists

-- name: search.compact.swap_rename
-- returns: exec
-- params: none
-- … and the copy takes their name.
ALTER TABLE search_next RENAME TO search_lists

-- name: search.compact.swap_fronts_drop
-- returns: exec
-- params: none
-- The old fronts go …
DROP TABLE search_fronts

-- name: search.compact.swap_fronts_rename
-- returns: exec
-- params: none
-- … and the copy's take their name.
ALTER TABLE search_next_fronts RENAME TO search_fronts

-- name: search.compact.swap_tail
-- returns: exec
-- params: none
-- The tail passages the copy holds leave the tail: the rest (written while the copy was built) is
-- copied into a fresh tail, as deleting nearly all of a big tail left every search scanning the
-- deleted rows until the next checkpoint (1.4x the fresh index's p50 at 600k turns).
CREATE TABLE search_tail_kept AS
SELECT * FROM search_tail t
WHERE NOT EXISTS (SELECT 1 FROM search_next_docs d WHERE d.doc_no = t.doc_no AND t.key BETWEEN d.lo AND d.hi)

-- name: search.compact.swap_tail_drop
-- returns: exec
-- params: none
-- The old tail goes …
DROP TABLE search_tail

-- name: search.compact.swap_tail_rename
-- returns: exec
-- params: none
-- … and the kept rows take its name.
ALTER TABLE search_tail_kept RENAME TO search_tail

-- name: search.compact.swap_dead
-- returns: exec
-- params: none
-- Passages removed since the copy was taken leave it too (the lists of their terms only); a settle
-- carries out the marks of removed passages with it (search.bulk.marks_to_journal). Which entries
-- stay is worked out once per list and applied to each of its columns: a settle after many edits
-- has hundreds of removals in a common word's list, each entry tested against all of them. On
-- 602 k turns, the 50 longest lists (1.83 M postings), the second of two runs each: 500 removals in
-- each, 0.75 and 0.71 s against 1.48 and 1.28 s testing each column anew; 20 in each, 0.36 and 0.40
-- against 0.61 and 0.49 s; the same lists.
UPDATE search_lists
SET docs = list_where(docs, x.keep), items = list_where(items, x.keep), fields = list_where(fields, x.keep),
    tfs = list_where(tfs, x.keep), dls = list_where(dls, x.keep), n = len(list_filter(x.keep, lambda k: k))
FROM (SELECT l.key, list_transform(l.docs, lambda d: NOT list_contains(y.dead, d)) AS keep
      FROM search_lists l JOIN (SELECT key, list(doc_no) AS dead FROM search_dead GROUP BY key) y ON l.key = y.key) x
WHERE search_lists.key = x.key

-- name: search.compact.swap_dead_fronts
-- returns: exec
-- params: none
-- Those lists were rewritten: their fronts go (until the next compaction).
DELETE FROM search_fronts WHERE key IN (SELECT key FROM search_dead)

-- name: search.compact.swap_empty
-- returns: exec
-- params: none
-- Terms left without a passage.
DELETE FROM search_lists WHERE n = 0

-- name: search.compact.swap_journal
-- returns: exec
-- params: none
-- Every removal so far is in the new postings.
DELETE FROM search_dead

-- name: search.compact.discard
-- returns: exec
-- params: none
-- No copy is waiting any more …
DELETE FROM search_next_info

-- name: search.compact.discard_ranges
-- returns: exec
-- params: none
-- … nor being built.
DELETE FROM search_next_ranges

-- name: search.compact.drop_next
-- returns: exec
-- params: none
-- A copy that will never be swapped in …
DROP TABLE IF EXISTS search_next

-- name: search.compact.drop_next_fronts
-- returns: exec
-- params: none
-- … and its fronts.
DROP TABLE IF EXISTS search_next_fronts

-- name: search.compact.next_generation
-- returns: exec
-- params: none
-- A rebuild: any copy built before it is of the old postings.
UPDATE search_state SET generation = generation + 1
