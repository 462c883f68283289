-- migration: 1220_fold_compat
-- tb_fold reads the compatibility forms real text holds as the letters they stand for, as the
-- tokeniser now does (talkbar/search/text.py, FOLD_COMPAT and JOINERS, tokeniser 2): the Latin
-- ligatures of text taken from a PDF (ﬁ ﬂ ﬀ ﬃ ﬄ ﬅ ﬆ), the full-width letters and digits of East Asian
-- input (lowered first: ａ-ｚ, ０-９), the final sigma (ς, as σ), the Arabic and Persian letters the
-- two write for one another (ى ی as ي, ک as ك, ة ۀ ە as ه, ٱ as ا) and their digits (٠-٩, ۰-۹), and the
-- invisible characters that join or hyphenate a word and the tatweel, which fold away: translate()
-- drops the characters of its second argument that have none in its third, here the six at its
-- end, written as they are: U+00AD (soft hyphen), U+200C and U+200D (zero-width non-joiner and
-- joiner), U+2060 (word joiner), U+FEFF, U+0640 (tatweel); literals on lines of their own are one
-- literal, as in standard SQL. (Built with chr() and ||, the macro took 0.37 against 0.23 ms to
-- bind, for each tb_fold a statement names.) Before, "finance" found no note holding "ﬁnance", nor "project" one holding it
-- written with a soft hyphen, in a list filter or in search. DuckDB has no NFKC normalisation, so the
-- forms are named one by one, here and in the tokeniser.
CREATE OR REPLACE MACRO tb_fold(x) AS
    translate(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(
        strip_accents(lower(x)), 'ß', 'ss'), 'æ', 'ae'), 'œ', 'oe'), 'þ', 'th'),
        'ﬀ', 'ff'), 'ﬁ', 'fi'), 'ﬂ', 'fl'), 'ﬃ', 'ffi'), 'ﬄ', 'ffl'), 'ﬅ', 'st'), 'ﬆ', 'st'),
        'łøđðħıςａｂｃｄｅｆｇｈｉｊｋｌｍｎｏｐｑｒｓｔｕｖｗｘｙｚ０１２３４５６７８９'
        'ىیکةۀەٱ٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹­‌‍⁠﻿ـ',
        'loddhiσabcdefghijklmnopqrstuvwxyz0123456789'
        'ييكههها01234567890123456789');

-- The kept folded text of the list filters (1100, 1130, 1140, 1160, 1180) folded again by it.
DELETE FROM chat_facts;
INSERT INTO chat_facts SELECT * FROM chat_facts_of((SELECT coalesce(list(chat_id), []) FROM chats));
DELETE FROM suggestion_facts;
INSERT INTO suggestion_facts SELECT * FROM suggestion_facts_of((SELECT coalesce(list(suggestion_id), []) FROM suggestions));
DELETE FROM note_facts;
INSERT INTO note_facts SELECT * FROM note_facts_of((SELECT coalesce(list(note_id), []) FROM notes));
DELETE FROM card_facts;
INSERT INTO card_facts SELECT * FROM card_facts_of((SELECT coalesce(list(memory_id), []) FROM knowledge_cards));
DELETE FROM action_item_facts;
INSERT INTO action_item_facts SELECT * FROM action_item_facts_of((SELECT coalesce(list(item_id), []) FROM action_items));
