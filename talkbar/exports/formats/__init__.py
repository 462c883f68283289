"""The file formats of exports: talkbar/exports/formats/files.py turns a session document into a file
of each format; the other modules here are the formats themselves."""
