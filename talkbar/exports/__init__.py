"""Exports (issue 9): destinations, rules, preview, batches and delivery in every format.

selection  what an export takes and when a session is ready; timing of automatic exports
content    the session documents (one query per part for all sessions)
formats/   pure writers, one per format: document -> bytes
naming     safe file names and folders, laid out by layout, never outside the destination
files      delivery to a folder: collisions, conflicts (content hashes), atomic writes
notion     Notion's REST API and the blocks of a page; credentials: the token at rest
delivery   one delivery of one session to one destination, whatever the format
batches    the batch view and the run/resolve/retry steps; automatic: rules -> batches
worker     `talkbar-cli exports run|worker`
"""
