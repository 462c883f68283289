-- migration: 0002_text_match
-- Text filters of list operations (sessions.list search, notes.list search, chats.list search,
-- documents.list query, contacts.list query, …): case-, accent- and ё/е-insensitive, every word of
-- the query required somewhere in the text. One definition, used by every family's SQL:
--   WHERE tb_has_all(title || ' ' || body, $words)      -- $words from talkbar.textmatch.words()
CREATE MACRO tb_fold(x) AS strip_accents(lower(x));
CREATE MACRO tb_has_all(hay, words) AS
    coalesce(list_bool_and(list_transform(words, lambda w: contains(tb_fold(coalesce(hay, '')), tb_fold(w)))), true);
