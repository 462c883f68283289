-- migration: 0200_snippets
-- Short plain-text excerpts of Markdown and other long text, for list rows (notes.list snippet,
-- projects.get notes, chats.list, documents.get preview) and search hits (notes.list matchSnippet).
-- Heading marks and bold markers are dropped and runs of whitespace become one space, so an excerpt
-- reads as a line of text (null stays null). tb_match_snippet shows 160 characters around the
-- earliest word of the query that occurs (folded as tb_has_all folds), starting at a whole word,
-- with "…" at cut ends.
CREATE MACRO tb_plain(x) AS
    trim(regexp_replace(regexp_replace(coalesce(x, ''), '(^|\n)[ \t]*#{1,6}[ \t]+|\*\*|__', ' ', 'g'), '\s+', ' ', 'g'));
CREATE MACRO tb_snippet(x, n) AS CASE WHEN x IS NOT NULL THEN rtrim(left(tb_plain(x), n)) END;
CREATE MACRO tb_match_at(plain, words) AS
    list_min(list_filter(list_transform(words, lambda w: strpos(tb_fold(plain), tb_fold(w))), lambda p: p > 0));
CREATE MACRO tb_window(plain, start) AS
    CASE WHEN start > 1 THEN '…' || regexp_replace(substr(plain, start, 160), '^\S*\s+', '')
         ELSE substr(plain, 1, 160) END
    || CASE WHEN start + 160 <= length(plain) THEN '…' ELSE '' END;
CREATE MACRO tb_match_snippet(hay, words) AS
    CASE WHEN tb_match_at(tb_plain(hay), words) IS NOT NULL
         THEN tb_window(tb_plain(hay), greatest(1, tb_match_at(tb_plain(hay), words) - 60)) END;
