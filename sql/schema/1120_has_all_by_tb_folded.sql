-- migration: 1120_has_all_by_tb_folded
-- tb_has_all (1050) folds its text and words by tb_folded (1100), which chats.list's kept text is
-- folded by: one definition of how the list filters fold (ASCII only lowered, other text through
-- tb_fold), not two. The same expression once the macros are expanded: binding a filter 0.554 ->
-- 0.567 ms, a two-word filter of 2,000 session titles 1.109 -> 1.117 ms (p50 of 5 rounds x 20).
CREATE OR REPLACE MACRO tb_has_all(hay, words) AS
    coalesce(len(words), 0) = 0
    OR coalesce(list_transform([tb_folded(coalesce(hay, ''))],
                               lambda folded: list_bool_and(list_transform(words, lambda w: contains(folded, tb_folded(w)))))[1],
                true);
