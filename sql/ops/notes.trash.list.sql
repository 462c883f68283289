-- name: notes.trash.list
-- returns: one
-- params: $workspace_id, $limit
-- The Trash of notes, most recently trashed first.
SELECT coalesce(list({'noteId': note_id, 'title': title, 'trashedAt': trashed_at}
                     ORDER BY trashed_at DESC, note_id), []) AS notes
FROM (SELECT note_id, title, trashed_at
      FROM notes
      WHERE workspace_id = $workspace_id AND trashed_at IS NOT NULL
      ORDER BY trashed_at DESC, note_id
      LIMIT $limit)
