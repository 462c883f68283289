-- migration: 1060_match_snippet_once
-- tb_match_snippet (0200; notes.list matchSnippet) with the same result, written so that DuckDB
-- binds the text's plain form and its folding once: 0200's form names tb_match_at twice and
-- tb_plain(hay) three times, and tb_match_at folds the plain text again for each word. Lambdas over
-- one-element lists hold the plain text, its folded form and the first match's place.
-- notes.list at 6 M turns (400 notes), the statement alone on one thread, p50 (ms, of which
-- planning): one word 20.29 (6.45) -> 16.92 (4.65); two words 18.05 (6.52) -> 15.71 (4.71); no word
-- 11.96 (5.12) -> 11.86 (4.32). The same rows in each case.
-- With no word (NULL or empty) it is NULL without reading the text, as 0200's was: the lambdas over
-- the text would otherwise fold every row's (400 notes: 1.84 against 11.60 ms).
CREATE OR REPLACE MACRO tb_match_snippet(hay, words) AS
    CASE WHEN coalesce(len(words), 0) > 0 THEN
    list_transform([tb_plain(hay)], lambda plain: list_transform(
        [list_transform([tb_fold(plain)], lambda folded: list_min(list_filter(
            list_transform(words, lambda w: strpos(folded, tb_fold(w))), lambda found: found > 0)))[1]],
        lambda first: CASE WHEN first IS NOT NULL THEN tb_window(plain, greatest(1, first - 60)) END)[1])[1] END;
