-- migration: 1100_chat_facts
-- What chats.list filters and orders a chat by is kept, not rebuilt from every message of the
-- workspace on every call: its title and messages folded as the list filters fold them, and its
-- latest message's moment. A chat's messages are written only by an import, its title also by
-- chats.update; each writes the chat's facts in the same transaction (chat_facts_of, the one
-- definition), and the text filter reads the folded text as it is (tb_has_all_folded).
--
-- chats.list read chat_rows (0910): every message of every chat joined into one text per chat,
-- folded on each call (tb_fold on all of it where one message is not ASCII), then the page picked.
-- With 4,000 chats of 19 messages (10.6 MB of text; a third of the messages Russian), through the
-- engine: a search 235 ms, a page without one 28.8 ms, the Trash view 9.3 ms; the cost grew with
-- the text a workspace has ever chatted.

-- The text folded as tb_has_all folds it (1050): ASCII text only lowered, other text through tb_fold.
CREATE MACRO tb_folded(x) AS CASE WHEN strlen(x) = length(x) THEN lower(x) ELSE tb_fold(x) END;

-- tb_has_all for a text folded already (by tb_folded): every word of the query somewhere in it.
CREATE MACRO tb_has_all_folded(folded, words) AS
    coalesce(len(words), 0) = 0
    OR coalesce(list_bool_and(list_transform(words, lambda w: contains(coalesce(folded, ''), tb_folded(w)))), true);

CREATE TABLE chat_facts (
    chat_id         VARCHAR PRIMARY KEY,
    hay             VARCHAR NOT NULL,   -- the title and every message, folded (tb_folded), one space between
    last_message_at BIGINT              -- its latest message's created_at; NULL: no message
);

-- The facts of the chats `ids`, from the chats and their messages. Each piece is folded on its own:
-- folding maps each character by itself (a combining mark at a piece's start is stripped either
-- way), so the pieces folded and joined by spaces are the whole text folded, and an ASCII message
-- is only lowered even where another is not. A word holds no space, so it is found in the joined
-- text exactly where it is found in one of the pieces. (The ids are joined: chat_rows_of says why.)
-- One difference, for the better: strip_accents ends a text that is not ASCII at a NUL, so a NUL in
-- a chat's title hid all of its messages from the old filter; now it cuts its own piece only.
CREATE MACRO chat_facts_of(ids) AS TABLE
WITH wanted AS (SELECT DISTINCT unnest(ids) AS chat_id)
SELECT c.chat_id, tb_folded(c.title) || ' ' || coalesce(m.folded, '') AS hay, m.last_at AS last_message_at
FROM chats c
JOIN wanted w ON w.chat_id = c.chat_id
LEFT JOIN (SELECT x.chat_id, string_agg(tb_folded(x.content), ' ' ORDER BY x.sequence) AS folded, max(x.created_at) AS last_at
           FROM chat_messages x JOIN wanted w ON w.chat_id = x.chat_id GROUP BY x.chat_id) m ON m.chat_id = c.chat_id;

INSERT INTO chat_facts SELECT * FROM chat_facts_of((SELECT coalesce(list(chat_id), []) FROM chats));

-- A chat as chats.list and chats.get show it (0910's chat_rows, without the `hay` the list filtered
-- by: chat_facts keeps it), for the chats asked for only: the snippet is the start of its latest
-- message, its activity that message's moment as its facts keep it (else when it was made). The
-- ids are joined, not tested with list_contains: chats.list passes its page as a subquery, and
-- DuckDB tested that after grouping every chat's messages (with 4,000 chats of 19 messages, the
-- list of 50 took 15.3 ms, joined 8.1).
DROP VIEW chat_rows;

CREATE MACRO chat_rows_of(ids) AS TABLE
WITH wanted AS (SELECT DISTINCT unnest(ids) AS chat_id),
latest AS (
    SELECT m.chat_id, arg_max(m.content, m.sequence) AS content
    FROM chat_messages m JOIN wanted w ON w.chat_id = m.chat_id
    GROUP BY m.chat_id
)
SELECT c.workspace_id, c.chat_id, c.pinned, c.trashed_at_ms, c.project_id,
       coalesce(f.last_message_at, c.created_at) AS active_at,
       {'chatId': c.chat_id, 'title': c.title, 'snippet': tb_snippet(l.content, 160),
        'groundingMode': c.grounding_mode, 'projectId': c.project_id, 'pinned': c.pinned,
        'createdAt': c.created_at, 'updatedAt': c.updated_at, 'lastMessageAtMs': f.last_message_at,
        'trashedAtMs': c.trashed_at_ms, 'currentTurnStatus': c.current_turn_status} AS shown
FROM chats c
JOIN wanted w ON w.chat_id = c.chat_id
LEFT JOIN chat_facts f ON f.chat_id = c.chat_id
LEFT JOIN latest l ON l.chat_id = c.chat_id;
