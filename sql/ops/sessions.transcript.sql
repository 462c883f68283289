-- name: sessions.transcript
-- returns: one
-- params: $workspace_id, $session_id, $speaker, $after_ms, $after_turn_id, $turn_offset, $max_chars
-- One page of whole turns, with what heads it, in one row. Two orders:
-- - by position ($after_ms null): the turns in transcript order, from turn $turn_offset;
-- - by change (the cursor): the turns added or changed after ($after_ms, $after_turn_id), in the
--   order of their change. changed_at_ms is strictly increasing per session, so a reader that
--   passes each nextCursor back sees every change exactly once.
-- Only turns whose speaker's shown name holds $speaker count (folded: case and accents ignored);
-- `total` counts them, `pos` is a turn's place among them. Each turn costs its text line
-- `[mm:ss] Name: text` plus a line break; the page takes turns while the text stays within
-- $max_chars, and always at least one so that a long turn is never split. Speakers excluded from
-- AI are named in the head; their turns are marked, never hidden. The turns are read by the
-- session's integer key (only their row groups), and with trashedAt this one statement also
-- answers the session lookup (session_lookup.read_live).
WITH s AS (
    SELECT session_id, session_no, title, started_at_ms, private, status, trashed_at
    FROM sessions WHERE workspace_id = $workspace_id AND session_id = $session_id
),
spk AS MATERIALIZED (
    SELECT * FROM tb_session_speakers($session_id)
),
matching AS (
    SELECT t.turn_id, t.chunk_id, t.start_ms, t.end_ms, t.text, t.translated_text, t.provisional,
           t.changed_at_ms, s.name AS speaker, s.is_user, s.excluded_from_ai,
           '[' || tb_clock(t.start_ms) || '] ' || s.name || ': ' || t.text AS line,
           row_number() OVER (ORDER BY CASE WHEN $after_ms IS NULL THEN t.seq ELSE t.changed_at_ms END,
                                       t.turn_id) - 1 AS pos
    FROM turns t
    JOIN spk s ON s.speaker_id = t.speaker_id
    WHERE t.session_no = (SELECT session_no FROM s)
      AND ($speaker IS NULL OR contains(tb_fold(s.name), tb_fold($speaker)))
      AND ($after_ms IS NULL OR t.changed_at_ms > $after_ms
           OR (t.changed_at_ms = $after_ms AND t.turn_id > $after_turn_id))
),
page AS (
    SELECT *, sum(length(line) + 1) OVER (ORDER BY pos ROWS UNBOUNDED PRECEDING) AS used
    FROM matching
    WHERE pos >= $turn_offset
)
SELECT s.session_id AS "sessionId", s.title, s.started_at_ms AS "startedAtMs", s.private,
       s.status = 'recording' AS recording,
       coalesce((SELECT list(x.name ORDER BY x.first_seq NULLS LAST, x.ord) FROM spk x WHERE x.excluded_from_ai), [])
           AS "excludedFromAiSpeakers",
       (SELECT count(*) FROM matching) AS total,
       coalesce((SELECT list({'turnId': p.turn_id, 'chunkId': p.chunk_id, 'startMs': p.start_ms, 'endMs': p.end_ms,
                              'speaker': p.speaker, 'isUser': p.is_user, 'excludedFromAi': p.excluded_from_ai,
                              'text': p.text, 'translatedText': p.translated_text, 'provisional': p.provisional,
                              'line': p.line, 'pos': p.pos, 'changedAtMs': p.changed_at_ms} ORDER BY p.pos)
                 FROM page p WHERE p.pos = $turn_offset OR p.used <= $max_chars + 1), []) AS turns,
       s.trashed_at AS "trashedAt"
FROM s
