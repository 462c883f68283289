-- name: sessions.cards.add
-- returns: one
-- params: $workspace_id, $memory_id, $title, $body, $type, $project_id, $session_id, $session_only, $now_ms
-- A card the user adds is approved at once; it is filed where the handler decided (the session's
-- project, or only this session) and remembers the session it came from.
INSERT INTO knowledge_cards (workspace_id, memory_id, title, body, type, status, pinned, project_id,
                             session_id, session_only, created_by, created_at, updated_at)
VALUES ($workspace_id, $memory_id, $title, $body, $type, 'approved', false, $project_id,
        $session_id, $session_only, 'user', $now_ms, $now_ms)
RETURNING memory_id AS "memoryId", title, type, status, pinned, project_id AS "projectId",
          session_only AS "sessionOnly", updated_at AS "updatedAt"
