-- migration: 0100_session_pages
-- Three rules the session page shows everywhere, defined once for every query that needs them:
--
-- tb_clock(ms): a moment of a session as the page writes it: `mm:ss`, `h:mm:ss` past the first
--   hour, `--:--` when there is no moment (transcript lines, timeline points, came-up moments).
--
-- tb_session_speakers(sid): the participants of one session with the name the page shows. A
--   participant without a name is "Speaker N" ("Участник N" when the session's transcript is
--   mostly Cyrillic), N counting the unnamed participants by the order of their first turn (those
--   who never spoke come last, in participant order). Also what each said: turns, talk time and
--   the position of the first turn. (The language: most of the first 40 turns hold Cyrillic.)
--
-- tb_came_up(sid, kind, target): when the conversation came back to a card (kind 'memory') or a
--   brought-in action item (kind 'action_item'): null, or {count, first, last, moments} with the
--   first and last moment in ms from the session's start.
CREATE MACRO tb_clock(ms) AS CASE
    WHEN ms IS NULL THEN '--:--'
    WHEN ms >= 3600000 THEN printf('%d:%02d:%02d', ms // 3600000, (ms // 60000) % 60, (ms // 1000) % 60)
    ELSE printf('%02d:%02d', ms // 60000, (ms // 1000) % 60)
END;

CREATE MACRO tb_session_speakers(sid) AS TABLE
WITH spoken AS (
    SELECT speaker_id, min(seq) AS first_seq, count(*) AS turns,
           sum(end_ms - start_ms) AS talk_ms
    FROM turns
    WHERE session_id = sid
    GROUP BY speaker_id
),
language AS (
    -- the transcript's language: most of its first 40 turns hold Cyrillic (no turns: the title)
    SELECT CASE WHEN count(*) > 0
                THEN count(*) FILTER (WHERE regexp_matches(text, '[а-яА-ЯёЁ]')) * 2 > count(*)
                ELSE coalesce((SELECT regexp_matches(title, '[а-яА-ЯёЁ]') FROM sessions WHERE session_id = sid), false)
           END AS cyrillic
    FROM turns
    WHERE session_id = sid AND seq < 40
),
numbered AS (
    SELECT p.session_id, p.speaker_id, p.name AS given_name, p.contact_id, p.is_user,
           p.excluded_from_ai, p.ord, s.first_seq, coalesce(s.turns, 0) AS turns,
           coalesce(s.talk_ms, 0) AS talk_ms,
           row_number() OVER (PARTITION BY p.name IS NULL ORDER BY s.first_seq NULLS LAST, p.ord) AS unnamed_no
    FROM session_participants p
    LEFT JOIN spoken s ON s.speaker_id = p.speaker_id
    WHERE p.session_id = sid
)
SELECT n.session_id, n.speaker_id, n.given_name, n.contact_id, n.is_user, n.excluded_from_ai, n.ord,
       n.first_seq, n.turns, n.talk_ms,
       coalesce(n.given_name,
                CASE WHEN l.cyrillic THEN 'Участник ' ELSE 'Speaker ' END || n.unnamed_no) AS name
FROM numbered n, language l;

CREATE MACRO tb_came_up(sid, kind, target) AS (
    SELECT CASE WHEN count(*) = 0 THEN NULL
                ELSE {'count': count(*), 'first': min(at_ms), 'last': max(at_ms),
                      'moments': list({'at': tb_clock(at_ms), 'atMs': at_ms, 'heard': heard,
                                       'matchedTerms': matched_terms} ORDER BY ord)} END
    FROM came_up_moments
    WHERE session_id = sid AND target_kind = kind AND target_id = target
);
