"""The recording stand-in's writes: what the app writes while it records a session.

The recorder writes outside the engine, each step in one short transaction of its own (the file is
held only for that write, so other processes read in between): it marks the session recording,
appends turns (first provisional, then final), adds timeline points, and completes the session.
Every step moves the session page's revision and tells the change hooks (the search index) which
session's turns changed. A step that finds the file held by another process waits and tries again.
"""

import json
import time
from dataclasses import dataclass

from talkbar import clock, hooks, ids, items, sqlfiles
from talkbar.errors import OpError, invalid

BUSY_RETRIES = 20


@dataclass(frozen=True)
class Turn:
    speaker_id: str
    text: str
    start_ms: int
    end_ms: int
    chunk_id: str = None
    translated_text: str = None


@dataclass(frozen=True)
class Point:
    text: str
    at_ms: int = None


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def _line_item(n, data):
    """One JSON line of the turns file as a Turn (or a timeline Point); invalid_arguments if not."""
    where = f"line {n}"
    if not isinstance(data, dict):
        raise invalid(f"{where}: each line must be a JSON object")
    if "timelinePoint" in data:
        extra = set(data) - {"timelinePoint", "atMs"}
        if extra or not isinstance(data["timelinePoint"], str) or not (data.get("atMs") is None or _is_int(data["atMs"])):
            raise invalid(f'{where}: a timeline point is {{"timelinePoint": text, "atMs": integer or null}}')
        return Point(data["timelinePoint"], data.get("atMs"))
    allowed = {"speakerId", "text", "startMs", "endMs", "chunkId", "translatedText"}
    if set(data) - allowed:
        raise invalid(f"{where}: unknown keys {sorted(set(data) - allowed)}; a turn takes {sorted(allowed)}")
    if not isinstance(data.get("speakerId"), str) or not data["speakerId"].strip():
        raise invalid(f"{where}: speakerId must be a non-empty string")
    if not isinstance(data.get("text"), str):
        raise invalid(f"{where}: text must be a string")
    for key in ("startMs", "endMs"):
        if not _is_int(data.get(key)) or data[key] < 0:
            raise invalid(f"{where}: {key} must be an integer of 0 or more")
    if data["endMs"] < data["startMs"]:
        raise invalid(f"{where}: endMs must not be before startMs")
    for key in ("chunkId", "translatedText"):
        if data.get(key) is not None and not isinstance(data[key], str):
            raise invalid(f"{where}: {key} must be a string")
    return Turn(data["speakerId"], data["text"], data["startMs"], data["endMs"], data.get("chunkId"),
                data.get("translatedText"))


def read_lines(text):
    """The turns file (JSON lines; blank lines skipped) as Turns and Points, all checked first."""
    items = []
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except ValueError as exc:
            raise invalid(f"line {n}: not JSON: {exc}") from None
        items.append(_line_item(n, data))
    return items


class Recorder:
    def __init__(self, db, session_id):
        self.db = db
        self.session_id = session_id
        self.workspace_id = None

    # ------------------------------------------------------------------ one short write
    def _write(self, step, touched=(), live=None):
        """Run step(sql) in one transaction; tell the hooks what changed (and, with `live`, what
        live(out) says of the turns written); retry while busy."""
        for attempt in range(BUSY_RETRIES):
            try:
                with self.db.write_turn() as cur:
                    now = clock.now_ms()

                    def sql(name, **params):
                        return sqlfiles.call(cur, name, **{"session_id": self.session_id, "now_ms": now,
                                                           "workspace_id": self.workspace_id, **params})
                    out = step(sql)
                    if touched:
                        hooks.changed(cur, self.workspace_id, list(touched),
                                      live={self.session_id: live(out)} if live and out else None)
                return out
            except BaseException as err:   # what was kept of this write may not be committed
                self.db.lease_cache.pop(("recorder", self.session_id), None)
                if not isinstance(err, OpError) or err.code != "busy" or attempt == BUSY_RETRIES - 1:
                    raise
                time.sleep(0.05)

    def _lease(self):
        """What this recorder knows of its session while the file stays leased (only this process
        writes it then): its integer key, the names its voices carry, and the search index's memo."""
        return self.db.lease_cache.setdefault(("recorder", self.session_id), {})

    def _session_no(self, sql):
        known = self._lease()
        if "session_no" not in known:
            known["session_no"] = sql("recorder.session_no")
        return known["session_no"]

    def _end(self, sql):
        """The transcript's end as this lease knows it: {"seq": the next turn's place, "changed": the
        last change time}; moved on by each append and final (a failed write forgets it)."""
        known = self._lease()
        if "end" not in known:
            known["end"] = sql("recorder.turns_end", session_no=self._session_no(sql))
        return known["end"]

    def _live(self, rows, new):
        """The turns just written, for the search index: each with the name its passage carries;
        None (the index reads them) if a voice's name is not known here."""
        known = self._lease()
        names = known.get("names", {})
        if any(r["speaker_id"] not in names for r in rows):
            return None
        return hooks.LiveTurns([{**r, "speaker": names[r["speaker_id"]]} for r in rows], new,
                               known.setdefault("index", {}))

    # ------------------------------------------------------------------ the steps
    def start(self):
        def go(sql):
            found = items.not_trashed(items.kind("session"), self.session_id, sql("recorder.session"))
            self.workspace_id = found["workspaceId"]
            sql("recorder.interrupt_others")
            sql("recorder.start")
            sql("recorder.open_run")
        self._write(go)   # nothing searchable changes: a session's passages are its title and own text

    def append(self, turn):
        """Add a turn, provisional; returns its id."""
        turn_id = ids.new_id("turn")
        names = {}

        def go(sql):
            # a voice this lease made a participant is one still, with the same name (only this
            # process writes while it holds the file)
            names.update(self._lease().get("names", {}))
            if turn.speaker_id not in names:
                sql("recorder.speaker", speaker_id=turn.speaker_id)
                names[turn.speaker_id] = sql("recorder.speaker_name", speaker_id=turn.speaker_id)
                self._lease()["names"] = names
            end = self._end(sql)
            row = sql("recorder.append_turn", session_no=self._session_no(sql), turn_id=turn_id,
                      chunk_id=turn.chunk_id or ids.new_id("chunk"), speaker_id=turn.speaker_id,
                      start_ms=turn.start_ms, end_ms=turn.end_ms, text=turn.text, translated_text=turn.translated_text,
                      seq=end["seq"], last_changed=end["changed"])
            end.update(seq=end["seq"] + 1, changed=row["changed"])
            sql("recorder.transcript_changed")
            return [row] if row else []
        self._write(go, [("turns", self.session_id)], live=lambda rows: self._live(rows, new=True))
        return turn_id

    def finalize(self, turn_id):
        """A provisional turn becomes final (completing makes every one final)."""
        def go(sql):
            end = self._end(sql)
            rows = sql("recorder.finalize_turn", session_no=self._session_no(sql), turn_id=turn_id,
                       last_changed=end["changed"])
            if rows:
                end["changed"] = rows[0]["changed"]
            sql("recorder.transcript_changed")
            return rows
        self._write(go, [("turns", self.session_id)], live=lambda rows: self._live(rows, new=False))

    def add_point(self, point):
        self._write(lambda sql: (sql("recorder.add_point", point_id=ids.new_id("point"), at_ms=point.at_ms,
                                     text=point.text), sql("recorder.transcript_changed")))

    def complete(self):
        def go(sql):
            self._lease().pop("end", None)   # every provisional turn takes a change time of its own
            sql("recorder.finalize")
            sql("recorder.close_run")
            sql("recorder.complete")
        self._write(go, [("turns", self.session_id)])
