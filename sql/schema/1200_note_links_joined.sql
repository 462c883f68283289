-- migration: 1200_note_links_joined
-- note_links_of (1080) read a note's sessions, topics and project by a subquery per note, which
-- DuckDB plans as three correlated subqueries to decorrelate. Now the ids are joined
-- (1100_chat_facts.sql), the sessions and topics are grouped once for the notes asked for, and the
-- project is joined (as action_item_rows_of, 1170): for a page of 18 notes the links took 5.2 ms
-- on one thread, 4.2 now, and notes.list's statement 8.9 -> 8.1 ms, the same rows. Through the
-- engine on the demo, interleaved with the code before: notes.list 9.07 -> 8.61 ms (5 notes: 9.23
-- -> 8.48), notes.get 5.22 -> 4.92.
CREATE OR REPLACE MACRO note_links_of(ids) AS TABLE
WITH wanted AS (SELECT DISTINCT unnest(ids) AS note_id),
linked AS (
    SELECT ns.note_id, list({'sessionId': s.session_id, 'title': s.title} ORDER BY ns.ord, s.session_id) AS sessions
    FROM note_sessions ns JOIN wanted w ON w.note_id = ns.note_id
    JOIN sessions s ON s.session_id = ns.session_id AND s.trashed_at IS NULL
    GROUP BY ns.note_id
),
tagged AS (
    SELECT nt.note_id, list({'topicId': t.topic_id, 'name': t.name} ORDER BY lower(t.name), t.topic_id) AS topics
    FROM note_topics nt JOIN wanted w ON w.note_id = nt.note_id
    JOIN topics t ON t.topic_id = nt.topic_id
    GROUP BY nt.note_id
)
SELECT n.note_id,
       coalesce(linked.sessions, []) AS sessions,
       coalesce(tagged.topics, []) AS topics,
       CASE WHEN p.project_id IS NULL THEN [] ELSE [{'projectId': p.project_id, 'name': p.name}] END AS projects
FROM notes n
JOIN wanted w ON w.note_id = n.note_id
LEFT JOIN projects p ON p.project_id = n.project_id AND p.trashed_at IS NULL
LEFT JOIN linked ON linked.note_id = n.note_id
LEFT JOIN tagged ON tagged.note_id = n.note_id;
