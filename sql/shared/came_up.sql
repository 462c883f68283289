-- name: came_up.moments
-- returns: many
-- params: $session_id, $kind, $target_ids
-- When the conversation of a session came back to each of these cards (kind 'memory') or
-- brought-in action items (kind 'action_item'): {count, first, last, moments}, the first and last
-- moment in ms from the session's start, the moments in order (`at` as the page writes it,
-- tb_clock). A target it never came back to has no row: its cameUp is null.
SELECT target_id AS "targetId",
       {'count': count(*), 'first': min(at_ms), 'last': max(at_ms),
        'moments': list({'at': tb_clock(at_ms), 'atMs': at_ms, 'heard': heard, 'matchedTerms': matched_terms}
                        ORDER BY ord)} AS "cameUp"
FROM came_up_moments
WHERE session_id = $session_id AND target_kind = $kind AND list_contains($target_ids, target_id)
GROUP BY target_id
