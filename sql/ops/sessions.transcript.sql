-- name: sessions.transcript
-- returns: one
-- params: $workspace_id, $session_id
-- The session the transcript is of, its integer key (the page reads its turns by it) and
-- trashedAt (session_lookup.read_live refuses a trashed session). talkbar/ops/transcript.py reads
-- the speakers' shown names beside it (talkbar/speaker_names.py) and passes them to the page.
SELECT session_id AS "sessionId", title, started_at_ms AS "startedAtMs", private, status,
       session_no AS "sessionNo", trashed_at AS "trashedAt"
FROM sessions
WHERE workspace_id = $workspace_id AND session_id = $session_id

-- name: sessions.transcript:page
-- returns: many
-- params: $session_no, $speaker_ids, $speaker_names, $speaker_is_user, $speaker_excluded, $speaker, $after_ms, $after_turn_id, $turn_offset, $max_chars
-- One page of whole turns and how many there are. Two orders:
-- - by position ($after_ms null): the turns in transcript order, from turn $turn_offset;
-- - by change (the cursor): the turns added or changed after ($after_ms, $after_turn_id), in the
--   order of their change. changed_at_ms is strictly increasing per session, so a reader that
--   passes each nextCursor back sees every change exactly once.
-- The speakers come as four lists side by side (id, shown name, is the user, excluded from AI).
-- Only turns whose speaker's shown name holds $speaker count (folded: case and accents ignored);
-- `total` counts them, `pos` is a turn's place among them. Each turn costs its text line
-- `[mm:ss] Name: text` plus a line break; the page takes turns while the text stays within
-- $max_chars, and always at least one so that a long turn is never split. Speakers excluded from
-- AI have their turns marked, never hidden. The turns are read by the session's integer key (only
-- their row groups). Rows, not one row holding a list (DuckDB hands a list of 300 structs to
-- Python slower than 300 rows): the first row's `total` counts the matching turns, and a page with
-- no turns is that one row with its turn fields null.
WITH spk AS (
    SELECT unnest($speaker_ids::VARCHAR[]) AS speaker_id, unnest($speaker_names::VARCHAR[]) AS name,
           unnest($speaker_is_user::BOOLEAN[]) AS is_user, unnest($speaker_excluded::BOOLEAN[]) AS excluded_from_ai
),
matching AS (
    SELECT t.turn_id, t.chunk_id, t.start_ms, t.end_ms, t.text, t.translated_text, t.provisional,
           t.changed_at_ms, s.name AS speaker, s.is_user, s.excluded_from_ai,
           '[' || tb_clock(t.start_ms) || '] ' || s.name || ': ' || t.text AS line,
           row_number() OVER (ORDER BY CASE WHEN $after_ms IS NULL THEN t.seq ELSE t.changed_at_ms END,
                                       t.turn_id) - 1 AS pos
    FROM turns t
    JOIN spk s ON s.speaker_id = t.speaker_id
    WHERE t.session_no = $session_no
      AND ($speaker IS NULL OR contains(tb_fold(s.name), tb_fold($speaker)))
      AND ($after_ms IS NULL OR t.changed_at_ms > $after_ms
           OR (t.changed_at_ms = $after_ms AND t.turn_id > $after_turn_id))
),
page AS (
    SELECT *, sum(length(line) + 1) OVER (ORDER BY pos ROWS UNBOUNDED PRECEDING) AS used
    FROM matching
    WHERE pos >= $turn_offset
)
SELECT n.total, p.turn_id AS "turnId", p.chunk_id AS "chunkId", p.start_ms AS "startMs", p.end_ms AS "endMs",
       p.speaker, p.is_user AS "isUser", p.excluded_from_ai AS "excludedFromAi", p.text,
       p.translated_text AS "translatedText", p.provisional, p.line, p.pos, p.changed_at_ms AS "changedAtMs"
FROM (SELECT count(*) AS total FROM matching) n
LEFT JOIN (SELECT * FROM page WHERE pos = $turn_offset OR used <= $max_chars + 1) p ON true
ORDER BY p.pos
