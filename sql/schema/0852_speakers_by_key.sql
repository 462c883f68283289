-- migration: 0852_speakers_by_key
-- tb_speakers_of(sids) (0701) reads the sessions' turns by their integer key (0850): the turns of
-- the sessions asked for are joined on session_no, so DuckDB reads only the row groups that hold
-- them (the join's range of keys is pushed into the scan), where `list_contains(sids, session_id)`
-- read every turn of the workspace. It also gives what each said in characters and when their
-- last turn ended, so that sessions.stats reads the turns once, through this rule. The rule itself
-- is unchanged: a participant without a name is "Speaker N" ("Участник N" when the session's
-- transcript is mostly Cyrillic: most of its first 40 turns, else its title), N counting the
-- unnamed participants by the order of their first turn (those who never spoke come last, in
-- participant order). tb_session_speakers(sid) stays tb_speakers_of([sid]).
DROP MACRO TABLE tb_session_speakers;
DROP MACRO TABLE tb_speakers_of;

CREATE MACRO tb_speakers_of(sids) AS TABLE
WITH keys AS (
    SELECT session_id, session_no, title FROM sessions WHERE list_contains(sids, session_id)
),
spoken AS (
    SELECT k.session_id, t.speaker_id, min(t.seq) AS first_seq, count(*) AS turns,
           sum(t.end_ms - t.start_ms) AS talk_ms, sum(length(t.text)) AS chars, max(t.end_ms) AS last_end
    FROM turns t JOIN keys k ON k.session_no = t.session_no
    GROUP BY k.session_id, t.speaker_id
),
numbered AS (
    SELECT p.session_id, p.speaker_id, p.name AS given_name, p.contact_id, p.is_user,
           p.excluded_from_ai, p.ord, s.first_seq, coalesce(s.turns, 0) AS turns,
           coalesce(s.talk_ms, 0) AS talk_ms, coalesce(s.chars, 0) AS chars, s.last_end,
           row_number() OVER (PARTITION BY p.session_id, p.name IS NULL
                              ORDER BY s.first_seq NULLS LAST, p.ord) AS unnamed_no
    FROM session_participants p
    LEFT JOIN spoken s ON s.session_id = p.session_id AND s.speaker_id = p.speaker_id
    WHERE list_contains(sids, p.session_id)
),
unnamed AS (
    -- the language matters only where someone has no name: the texts of the other sessions'
    -- opening turns are never read
    SELECT DISTINCT k.session_id, k.session_no, k.title
    FROM numbered n JOIN keys k ON k.session_id = n.session_id
    WHERE n.given_name IS NULL
),
opening AS (
    SELECT u.session_id, count(*) AS n, count(*) FILTER (WHERE regexp_matches(t.text, '[а-яА-ЯёЁ]')) AS cyrillic
    FROM turns t JOIN unnamed u ON u.session_no = t.session_no
    WHERE t.seq < 40
    GROUP BY u.session_id
),
language AS (
    SELECT u.session_id,
           CASE WHEN o.n > 0 THEN o.cyrillic * 2 > o.n ELSE regexp_matches(u.title, '[а-яА-ЯёЁ]') END AS cyrillic
    FROM unnamed u LEFT JOIN opening o ON o.session_id = u.session_id
)
SELECT n.session_id, n.speaker_id, n.given_name, n.contact_id, n.is_user, n.excluded_from_ai, n.ord,
       n.first_seq, n.turns, n.talk_ms, n.chars, n.last_end,
       coalesce(n.given_name,
                CASE WHEN coalesce(l.cyrillic, false) THEN 'Участник ' ELSE 'Speaker ' END || n.unnamed_no) AS name
FROM numbered n LEFT JOIN language l USING (session_id);

CREATE MACRO tb_session_speakers(sid) AS TABLE
SELECT * FROM tb_speakers_of([sid]);
