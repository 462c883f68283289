"""calendar.tick over a workspace of N series (default 200), each with a recurring schedule.

Prints the time of one scheduler pass and its ratio to the peer measured in the same run: the
dateutil expansion alone of the same N rules over the same window (rrulestr + between + placing
each wall-clock time in its IANA zone), with no database at all.

    python bench/calendar_tick.py [--series 200] [--days 90] [--repeat 5]

  tick, first pass   makes every meeting up to the horizon, their reminder and auto-start jobs,
                     marks nothing missed (fresh data), runs the jobs already due
  tick, next pass    the same moment again: nothing to make, the queue is reconciled
  dateutil alone     the peer
Both passes run in this process through the engine (no process start, the file already open), on a
fresh copy of the imported data root each time; the SQL query count of a pass is printed too (it
does not grow with N: one pass of SQL plus the expansion).
"""

import argparse
import datetime as dt
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from zoneinfo import ZoneInfo

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
NOW = 1796108400000  # 2026-12-01 07:00 UTC
DAY = 86_400_000
ZONES = ("Europe/London", "America/New_York", "Asia/Tokyo", "Australia/Sydney", "America/Sao_Paulo")
RULES = ("FREQ=WEEKLY;BYDAY=TU", "FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR", "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH",
         "FREQ=MONTHLY;BYMONTHDAY=1,15", "FREQ=MONTHLY;BYDAY=-1FR", "FREQ=DAILY;INTERVAL=3")


def fixture(n):
    series = []
    for i in range(n):
        start = dt.date(2026, 11, 1) + dt.timedelta(days=i % 28)
        series.append({"seriesId": f"ser-{i:04}", "name": f"Series {i}", "kind": "standup", "schedule": {
            "scheduleKind": "recurring", "timezone": ZONES[i % len(ZONES)], "localDate": start.isoformat(),
            "localTime": f"{8 + i % 9:02}:{(i * 15) % 60:02}", "durationMinutes": 30, "rrule": RULES[i % len(RULES)],
            "reminderOffsetsMinutes": [10, 60][: 1 + i % 2], "startMode": "automatic" if i % 4 == 0 else "prompt"}})
    return {"format": "talkbar-fixture/1",
            "workspaces": [{"workspaceId": "ws-bench", "name": "Bench", "active": True, "series": series}]}


def expand_alone(doc, horizon):
    """The peer: every rule's instances in [NOW, horizon] as Unix ms, dateutil and zoneinfo only."""
    from dateutil.rrule import rrulestr
    total = 0
    for s in doc["workspaces"][0]["series"]:
        sc = s["schedule"]
        zone = ZoneInfo(sc["timezone"])
        start = dt.datetime.fromisoformat(f"{sc['localDate']}T{sc['localTime']}")
        rule = rrulestr(sc["rrule"], dtstart=start)
        low = dt.datetime.fromtimestamp(NOW / 1000, zone).replace(tzinfo=None) - dt.timedelta(days=1)
        high = dt.datetime.fromtimestamp(horizon / 1000, zone).replace(tzinfo=None) + dt.timedelta(days=1)
        for naive in rule.between(low, high, inc=True):
            ms = int(naive.replace(tzinfo=zone).timestamp()) * 1000
            total += NOW <= ms <= horizon
    return total


def tick_pass(template, horizon, passes):
    """Time each of `passes` ticks at NOW on a fresh copy of the data root; count their queries."""
    from talkbar import events
    from talkbar.db import Database
    from talkbar.engine import CLI, Engine
    root = Path(tempfile.mkdtemp()) / "root"
    shutil.copytree(template, root)
    db = Database(root / "talkbar.duckdb", create=False, idle_s=600)  # the lease stays: no checkpoint per call
    engine = Engine(db, CLI)
    engine.call("calendar.upcoming", {"startAtMs": 0, "endAtMs": 0})  # open the file; load the family's modules
    import talkbar.ops.tick  # noqa: F401
    out = []
    for _ in range(passes):
        sink = io.StringIO()
        events.enable(sink)
        started = time.perf_counter()
        engine.call("calendar.tick", {"nowMs": NOW, "horizonEndMs": horizon, "limit": 100})
        took = time.perf_counter() - started
        events._sink = None
        queries = sum(json.loads(line)["event"] == "sql" for line in sink.getvalue().splitlines())
        out.append((took, queries))
    made = engine.call("scheduler.status", {})
    db.release_now()
    shutil.rmtree(root.parent)
    return out, made


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--series", type=int, default=200)
    ap.add_argument("--days", type=int, default=90)
    ap.add_argument("--repeat", type=int, default=5)
    opts = ap.parse_args()
    os.environ["TALKBAR_POLICY_FILE"] = str(Path(tempfile.mkdtemp()) / "no-policy.json")
    horizon = NOW + opts.days * DAY
    doc = fixture(opts.series)
    template = Path(tempfile.mkdtemp()) / "root"
    env = {k: v for k, v in os.environ.items() if not k.startswith("TALKBAR_")}
    env.update(TALKBAR_DATA_ROOT=str(template), PYTHONPATH=str(REPO), TALKBAR_POLICY_FILE=os.environ["TALKBAR_POLICY_FILE"])
    subprocess.run([sys.executable, "-m", "talkbar", "app", "import", "-"], input=json.dumps(doc), env=env,
                   cwd=str(REPO), check=True, capture_output=True, text=True)

    firsts, nexts, queries = [], [], None
    for _ in range(opts.repeat):
        (first, nxt), status = tick_pass(template, horizon, 2)
        firsts.append(first[0])
        nexts.append(nxt[0])
        queries = (first[1], nxt[1])
    peer_times, instances = [], 0
    for _ in range(opts.repeat):
        started = time.perf_counter()
        instances = expand_alone(doc, horizon)
        peer_times.append(time.perf_counter() - started)
    peer = min(peer_times)

    print(f"{opts.series} series, {opts.days}-day horizon: {instances} meetings, "
          f"{status['pending'] + status['succeeded']} jobs")
    print(f"{'':18}{'best ms':>10}{'x dateutil':>12}{'queries':>9}")
    print(f"{'dateutil alone':18}{peer * 1000:>10.1f}{1.0:>12.2f}{'-':>9}")
    print(f"{'tick, first pass':18}{min(firsts) * 1000:>10.1f}{min(firsts) / peer:>12.2f}{queries[0]:>9}")
    print(f"{'tick, next pass':18}{min(nexts) * 1000:>10.1f}{min(nexts) / peer:>12.2f}{queries[1]:>9}")
    shutil.rmtree(template.parent)


if __name__ == "__main__":
    main()
