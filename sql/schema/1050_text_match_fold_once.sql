-- migration: 1050_text_match_fold_once
-- tb_has_all (0002; the list filters: every word of the query somewhere in the text, folded as
-- tb_fold folds) costs less, with the same results:
-- - the text is folded once per row, not once per word of the query (a lambda over the one folded
--   text), and not at all when there is no word;
-- - ASCII text (as many bytes as characters) and ASCII words are only lowered: they have no accent
--   to strip and none of the letters tb_fold's chain replaces (0400), so tb_fold would give the
--   same. Other text and words go through tb_fold. (tb_fold itself keeps one path: the snippet
--   macros pass it long expressions, and a CASE that names its argument four times cost their
--   statements ~1 ms more to bind than it saved.)
-- Measured on one thread at 6 M turns (10,000 session titles, 400 notes), the statement alone,
-- p50 of 5 rounds x 6, before -> after (ms): sessions.list with two words 31.21 -> 11.18,
-- notes.list with two words 22.60 -> 18.17; with no word (the filter planned away, as before, but
-- the longer expression bound) sessions.list 8.22 -> 8.49, notes.list 11.82 -> 11.76,
-- contacts.list 8.19 -> 8.68.
CREATE OR REPLACE MACRO tb_has_all(hay, words) AS
    coalesce(len(words), 0) = 0
    OR coalesce(list_transform(
           [CASE WHEN strlen(coalesce(hay, '')) = length(coalesce(hay, '')) THEN lower(coalesce(hay, ''))
                 ELSE tb_fold(coalesce(hay, '')) END],
           lambda folded: list_bool_and(list_transform(
               words, lambda w: contains(folded, CASE WHEN strlen(w) = length(w) THEN lower(w) ELSE tb_fold(w) END))))[1],
       true);
