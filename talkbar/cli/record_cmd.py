"""`talkbar-cli app record`: the recording stand-in (a contract: ../shared/app-commands.md).

    app record SESSION_ID [--turns FILE.jsonl] [--interval-ms N] [--stop-after]

It marks the session recording and keeps the app's heartbeat for this data root while it runs (so
`sessions.recording` says appRunning: true, stale: false). Each JSON line of FILE is appended as a
turn, `{"speakerId", "text", "startMs", "endMs"}` (optional `chunkId`, `translatedText`; ids are
assigned), first provisional and final half an interval later, one every N ms. A line
`{"timelinePoint": text, "atMs": N}` adds a timeline point instead. With --stop-after the session
is completed once the file is consumed, otherwise on SIGINT/SIGTERM (Ctrl+C); either way it ends
complete, every provisional turn final, and prints a JSON summary.
"""

import signal
import threading

import click

from talkbar import app_state
from talkbar.cli import output
from talkbar.cli.state import open_db
from talkbar.errors import OpError

BEAT_S = 1.0


def _heartbeat(db_path, session_id, stop):
    app_state.beat(db_path, session_id)
    while not stop.wait(BEAT_S):
        app_state.beat(db_path, session_id)


def _play(rec, items, interval_s, stop):
    """Append the file's turns and points, one per interval; stop early when asked."""
    from talkbar.recorder import Point
    turns = points = 0
    for item in items:
        if stop.stopped:
            break
        if isinstance(item, Point):
            rec.add_point(item)
            points += 1
        else:
            turn_id = rec.append(item)
            stop.wait(interval_s / 2)
            rec.finalize(turn_id)
            turns += 1
        stop.wait(interval_s / 2)
    return turns, points


@click.command("record")
@click.argument("session_id", metavar="SESSION_ID")
@click.option("--turns", "turns_file", metavar="FILE.jsonl", help="Turns to append, one JSON object a line.")
@click.option("--interval-ms", type=click.IntRange(min=0), default=1000, show_default=True,
              help="Time between appended turns.")
@click.option("--stop-after", is_flag=True, help="Complete the session once the file is consumed.")
def record(session_id, turns_file, interval_ms, stop_after):
    """Stand in for the app recording SESSION_ID: heartbeat, live turns, then complete it."""
    from talkbar.cli.interrupt import Interrupts
    from talkbar.cli.tools_cmd import read_text
    from talkbar.recorder import Recorder, read_lines
    try:
        items = read_lines(read_text(turns_file)) if turns_file else []
    except OpError as err:
        output.fail(err.envelope())
    from talkbar.db import IDLE_S
    db = open_db(idle_s=IDLE_S)   # appends seconds apart keep the file open; a knock takes it at once
    rec = Recorder(db, session_id)
    stop = Interrupts((signal.SIGINT, signal.SIGTERM))   # the session is completed however it ends
    beating = threading.Event()
    beat = threading.Thread(target=_heartbeat, args=(db.path, session_id, beating), daemon=True)
    try:
        beat.start()
        with db.planning.lean():   # a recorder's statements plan lean, its live turns too (talkbar/dbplans.py)
            rec.start()
            turns, points = _play(rec, items, interval_ms / 1000, stop)
            if not stop_after:
                while not stop.wait(60):
                    pass
            rec.complete()
    except OpError as err:
        output.fail(err.envelope())
    finally:
        beating.set()
        if beat.is_alive():
            beat.join()
        app_state.stop(db.path)
        db.release_now()
        stop.restore()
    output.result({"sessionId": session_id, "status": "complete", "turnsAppended": turns,
                   "pointsAdded": points})


def register(cli):
    cli.commands["app"].add_command(record)
