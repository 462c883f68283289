-- name: sessions.timeline
-- returns: one
-- params: $workspace_id, $session_id
-- The timeline as the session page shows it, in its order; a point without a moment reads --:--.
-- trashedAt: this one statement also answers the session lookup (session_lookup.read_live).
SELECT s.session_id AS "sessionId", s.title, s.private,
       coalesce((SELECT list({'pointId': p.point_id, 'at': tb_clock(p.at_ms), 'atMs': p.at_ms,
                              'text': p.text, 'translatedText': p.translated_text, 'edited': p.edited}
                             ORDER BY p.seq)
                 FROM timeline_points p WHERE p.session_id = $session_id), []) AS points,
       s.trashed_at AS "trashedAt"
FROM sessions s
WHERE s.workspace_id = $workspace_id AND s.session_id = $session_id
