-- Many transcript passages replaced at once (talkbar/search/rewrite.py), in SQL as a bulk build
-- writes them: the passages taken out are staged in search_gone, the new ones in search_stage, and
-- both texts' pieces between spaces tokenised once in Python (search_vocab), so that no posting or
-- mark passes through Python one by one (a person renamed whom the speakers of 1,095 sessions go by,
-- 128,140 turns at 6 M: 5.2 M of them, bound as parameter lists, had cost 11 s of the rename's 28).

-- name: search.rewrite.gone
-- returns: exec
-- params: $docs
-- The passages to take out, with their texts and whether their postings are in the tail (else in
-- the lists, which keep them, marked, until the next compaction).
INSERT INTO search_gone
SELECT d.doc_no, d.item_no, d.field, d.len, d.text, d.doc_no IN (SELECT doc_no FROM search_tail)
FROM search_docs d JOIN (SELECT unnest($docs) AS doc_no) w USING (doc_no)

-- name: search.rewrite.drop_docs
-- returns: exec
-- params: none
DELETE FROM search_docs WHERE doc_no IN (SELECT doc_no FROM search_gone)

-- name: search.rewrite.stage
-- returns: exec
-- params: $items, $parts, $t_ms, $changed, $texts
-- The new passages (their texts in NFC, as a bulk build stages them), numbered in the order given.
INSERT INTO search_stage
SELECT nextval('search_doc_seq'), unnest($items), unnest($parts), unnest($t_ms), unnest($changed), unnest($texts)

-- name: search.rewrite.words
-- returns: value
-- params: none
-- The distinct pieces between spaces of the passages taken out and of the new ones (as
-- search.bulk.words): their terms name the marks of the one and the postings of the other.
SELECT list(piece) FROM (
    SELECT DISTINCT unnest(string_split(text, ' ')) AS piece
    FROM (SELECT text FROM search_stage UNION ALL SELECT text FROM search_gone WHERE text IS NOT NULL))

-- name: search.rewrite.dead
-- returns: exec
-- params: none
-- The postings in the tail of the passages taken out, told to a compaction whose copy may hold them
-- (search.dead.add), then gone.
INSERT INTO search_dead
SELECT doc_no, key FROM search_tail WHERE doc_no IN (SELECT doc_no FROM search_gone WHERE in_tail)

-- name: search.rewrite.drop_tail
-- returns: exec
-- params: none
DELETE FROM search_tail WHERE doc_no IN (SELECT doc_no FROM search_gone WHERE in_tail)

-- name: search.rewrite.marks
-- returns: exec
-- params: none
-- A mark in the tail (tf -1) for each term of each passage taken out of the lists (Writer.remove).
INSERT INTO search_tail
SELECT DISTINCT v.key, g.doc_no, g.item_no, g.field, -1, g.len
FROM (SELECT doc_no, item_no, field, len, unnest(string_split(text, ' ')) AS word
      FROM search_gone WHERE NOT in_tail) g
JOIN search_vocab v ON v.word = g.word

-- name: search.rewrite.counts
-- returns: many
-- params: none
-- The passages taken out, per field, and their terms (BM25's counts).
SELECT field, count(*) AS docs, sum(len) AS lens FROM search_gone GROUP BY field

-- name: search.rewrite.clear
-- returns: exec
-- params: none
-- Scratch rows go before commit.
DELETE FROM search_gone
