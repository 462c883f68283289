-- migration: 1150_words_folded_once
-- A list's text filter folds its words once a call, not once an item. tb_has_all_folded (1100)
-- folded every word inside the lambda that tests an item's text, so DuckDB folded it again for every
-- item, and a word that is not ASCII goes through tb_fold, not only lower. Now the words are folded
-- by an expression of the words alone, which DuckDB computes once when it binds the call's words,
-- and tb_holds_all tests the folded text against them (the plan's filter holds the folded words).
-- The filters over kept text (1100, 1130, 1140, 1160) read tb_has_all_folded. tb_has_all (1120)
-- keeps its definition: it folds an item's text once inside a lambda, and a word folded within that
-- lambda is not computed once (the lambda captures the text; measured, 13.9 -> 15.3 ms over 9,200
-- cards' text); its lists read the short fields of small tables.
-- "договор" through the engine, interleaved with the folding per item: knowledge.list over 27,600
-- cards' kept text (1160) 26.2 -> 8.8 ms; knowledge.suggestions.list over 8,000, 9.3 -> 4.5 ms;
-- chats.list over 4,000, 14.1 -> 11.8 ms; ASCII words and lists without words the same.

-- A text folded already (tb_folded) holds every word folded already (no words: true).
CREATE MACRO tb_holds_all(folded, folded_words) AS
    len(folded_words) = 0
    OR coalesce(list_bool_and(list_transform(folded_words, lambda w: contains(coalesce(folded, ''), w))), true);

CREATE OR REPLACE MACRO tb_has_all_folded(folded, words) AS
    tb_holds_all(folded, list_transform(coalesce(words, []), lambda w: tb_folded(w)));
