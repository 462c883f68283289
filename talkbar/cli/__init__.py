"""The command-line face: `talkbar-cli` (click)."""
