-- name: sessions.keywords.get
-- returns: one
-- params: $workspace_id, $session_id
-- The session's keywords in their order; while it records only those the user added, since
-- TalkBar writes its own with the summary. With `recording` and trashedAt, this one statement also
-- answers the session lookup (talkbar/ops/session_lookup.py: read_live).
SELECT s.session_id AS "sessionId",
       [x.keyword FOR x IN coalesce((SELECT list({'keyword': k.keyword, 'user': k.origin = 'user'} ORDER BY k.ord)
                                     FROM session_keywords k WHERE k.session_id = $session_id), [])
        IF s.status <> 'recording' OR x.user] AS keywords,
       s.status = 'recording' AS recording,
       s.trashed_at AS "trashedAt"
FROM sessions s
WHERE s.workspace_id = $workspace_id AND s.session_id = $session_id
