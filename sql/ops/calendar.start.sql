-- name: calendar.start
-- returns: one
-- params: $workspace_id, $occurrence_id
-- Starting a recording is the app's: the answer says why this server cannot (a planned meeting:
-- no capture host here; any other: it is not planned).
SELECT NULL AS intent,
       CASE WHEN status = 'planned' THEN 'captureHostUnavailable' ELSE 'notPlanned' END AS "unavailableReason"
FROM occurrences
WHERE workspace_id = $workspace_id AND occurrence_id = $occurrence_id
