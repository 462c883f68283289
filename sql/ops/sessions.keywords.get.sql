-- name: sessions.keywords.get
-- returns: one
-- params: $workspace_id, $session_id, $user_only
-- The session's keywords in their order; while it records ($user_only) only those the user added,
-- since TalkBar writes its own with the summary.
SELECT s.session_id AS "sessionId",
       coalesce((SELECT list(k.keyword ORDER BY k.ord) FROM session_keywords k
                 WHERE k.session_id = $session_id AND (NOT $user_only OR k.origin = 'user')), []) AS keywords
FROM sessions s
WHERE s.workspace_id = $workspace_id AND s.session_id = $session_id
