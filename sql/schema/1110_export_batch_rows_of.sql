-- migration: 1110_export_batch_rows_of
-- An export batch as the exports.* operations return it (0910's export_batch_rows), for the batches
-- asked for only. The view grouped every delivery of the file before exports.history took its
-- newest 30 batches or exports.status its one: with 10,000 batches (a session exported automatically
-- each working day for ten years) exports.history took 57 ms, whatever its limit.
--
-- Its status is derived from its deliveries: work in progress first, then what needs the user, what
-- waits, and only then the settled states. A delivery's conflict is JSON text here. A batch without
-- deliveries has no row, as before. The ids are joined, not tested with list_contains (a page passed
-- as a subquery was tested after the grouping: sql/schema/1100_chat_facts.sql).
DROP VIEW export_batch_rows;

CREATE MACRO export_batch_rows_of(ids) AS TABLE
WITH wanted AS (SELECT DISTINCT unnest(ids) AS batch_id)
SELECT b.workspace_id, b.batch_id, b.created_at_ms, b.made_seq,
       {'batchId': b.batch_id, 'workspaceId': b.workspace_id,
        'status': CASE WHEN bool_or(d.status = 'exporting') THEN 'exporting'
                       WHEN bool_or(d.status = 'scheduled') THEN 'scheduled'
                       WHEN bool_or(d.status = 'needsAttention') THEN 'needsAttention'
                       WHEN bool_or(d.status = 'waitingForSummary') THEN 'waitingForSummary'
                       WHEN bool_or(d.status = 'waitingForAudio') THEN 'waitingForAudio'
                       WHEN bool_or(d.status = 'cancelled') THEN 'cancelled'
                       WHEN bool_or(d.status = 'partiallyExported') THEN 'partiallyExported'
                       ELSE 'exported' END,
        'automatic': b.automatic, 'createdAtMs': b.created_at_ms,
        'deliveries': list({'deliveryId': d.delivery_id, 'sessionId': d.session_id, 'sessionTitle': s.title,
                            'destinationId': d.destination_id, 'status': d.status, 'location': d.location,
                            'error': d.error, 'conflict': d.conflict_json, 'updatedAtMs': d.updated_at_ms}
                           ORDER BY d.ord, d.delivery_id)} AS shown
FROM export_batches b
JOIN wanted w ON w.batch_id = b.batch_id
JOIN export_deliveries d ON d.batch_id = b.batch_id
LEFT JOIN sessions s ON s.session_id = d.session_id
GROUP BY b.workspace_id, b.batch_id, b.automatic, b.created_at_ms, b.made_seq;
