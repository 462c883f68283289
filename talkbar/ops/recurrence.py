"""Series schedules in time: the RRULE subset TalkBar takes, expanded with python-dateutil in the
schedule's IANA zone (zoneinfo + tzdata).

Expansion runs on the wall clock: the rule starts at the naive local `localDate localTime` and each
instance is then placed in the zone, so a 10:00 weekly meeting stays at 10:00 local on both sides of
a DST change (its UTC hour moves). A wall time that does not exist on a spring-forward day resolves
as zoneinfo's fold=0 does (the offset in force before the change: one hour later on the clock); an
ambiguous one on a fall-back day is its first occurrence.

Supported parts: FREQ (DAILY, WEEKLY or MONTHLY; required), INTERVAL, BYDAY, BYMONTHDAY, COUNT and
UNTIL. Everything else is refused by name. UNTIL is inclusive: a date means the whole local day, a
UTC time (…Z) is converted to the zone, a time without Z is local.
"""

import datetime as dt
from zoneinfo import ZoneInfo

from dateutil import rrule as du

from talkbar.errors import invalid

SUPPORTED = ("FREQ", "INTERVAL", "BYDAY", "BYMONTHDAY", "COUNT", "UNTIL")
FREQS = {"DAILY": du.DAILY, "WEEKLY": du.WEEKLY, "MONTHLY": du.MONTHLY}
DAYS = {"MO": du.MO, "TU": du.TU, "WE": du.WE, "TH": du.TH, "FR": du.FR, "SA": du.SA, "SU": du.SU}
MAX_INTERVAL = 1000
MAX_COUNT = 100000
_EPOCH = dt.datetime(1970, 1, 1, tzinfo=dt.timezone.utc)
_MS = dt.timedelta(milliseconds=1)
_FIRST_MS, _LAST_MS = 0, 253_402_041_600_000  # 1970-01-01 .. 9999-12-29: every zone's wall clock stays in range
_NOT_ZONES = ("localtime", "posixrules", "Factory")  # files of the zone folder, not zones
_SUPPORTED_WORDS = "FREQ (DAILY, WEEKLY or MONTHLY), INTERVAL, BYDAY, BYMONTHDAY, COUNT and UNTIL"


# ---------------------------------------------------------------------------------- zones and times
def zone(name, field="timezone"):
    """The IANA zone called `name`, or invalid_arguments."""
    try:
        if name in _NOT_ZONES:
            raise ValueError(name)
        return ZoneInfo(name)
    except (ValueError, KeyError, OSError):
        raise invalid(f"{field} must be an IANA time zone such as Europe/London or America/New_York") from None


def local_start(local_date, local_time):
    """The naive local datetime of `YYYY-MM-DD` and `HH:MM` (shapes checked by the schema)."""
    try:
        day = dt.date.fromisoformat(local_date)
    except ValueError:
        raise invalid(f"localDate {local_date} is not a date of the calendar; give YYYY-MM-DD") from None
    hour, minute = (int(p) for p in local_time.split(":"))
    return dt.datetime(day.year, day.month, day.day, hour, minute)


def to_ms(naive_local, tz):
    """Unix ms of a wall-clock time in `tz` (exact integer arithmetic, no float rounding)."""
    return (naive_local.replace(tzinfo=tz) - _EPOCH) // _MS


def to_local(ms, tz):
    """The naive wall-clock time in `tz` of a Unix ms instant."""
    return (_EPOCH + ms * _MS).astimezone(tz).replace(tzinfo=None)


# ---------------------------------------------------------------------------------- the rule
def parse(text):
    """Check an RRULE against the supported subset; return its parts as {NAME: raw value}."""
    body = text.strip()
    if body.upper().startswith("RRULE:"):
        body = body[6:]
    parts = {}
    for piece in body.split(";"):
        name, eq, value = piece.partition("=")
        name, value = name.strip().upper(), value.strip().upper()
        if not eq or not name or not value:
            raise invalid("rrule must be NAME=VALUE parts separated by semicolons, such as FREQ=WEEKLY;BYDAY=TU")
        if name not in SUPPORTED:
            raise invalid(f"rrule does not support {name}; it takes {_SUPPORTED_WORDS}")
        if name in parts:
            raise invalid(f"rrule gives {name} twice")
        parts[name] = value
    if "FREQ" not in parts:
        raise invalid("rrule needs FREQ: DAILY, WEEKLY or MONTHLY")
    if parts["FREQ"] not in FREQS:
        raise invalid(f"rrule FREQ must be DAILY, WEEKLY or MONTHLY, not {parts['FREQ']}")
    if "COUNT" in parts and "UNTIL" in parts:
        raise invalid("rrule cannot have both COUNT and UNTIL; keep one")
    _whole(parts, "INTERVAL", MAX_INTERVAL)
    _whole(parts, "COUNT", MAX_COUNT)
    _weekdays(parts)
    _monthdays(parts)
    if "UNTIL" in parts:
        _until_value(parts["UNTIL"])
    return parts


def _whole(parts, name, top):
    if name in parts:
        value = parts[name]
        if not value.isdigit() or not 1 <= int(value) <= top:
            raise invalid(f"rrule {name} must be a whole number from 1 to {top}")


def _weekdays(parts):
    if "BYDAY" not in parts:
        return
    out = []
    for token in parts["BYDAY"].split(","):
        day, number = token[-2:], token[:-2]
        if day not in DAYS or (number and not _ordinal(number)):
            raise invalid("rrule BYDAY must list days such as MO,WE,FR (with FREQ=MONTHLY also 1MO or -1FR)")
        if number and parts["FREQ"] != "MONTHLY":
            raise invalid(f"rrule BYDAY {token} counts weeks within a month, which needs FREQ=MONTHLY")
        out.append(DAYS[day](int(number)) if number else DAYS[day])
    return out


def _ordinal(number):
    digits = number.lstrip("+-")
    return digits.isdigit() and 1 <= int(digits) <= 5 and number.count("-") + number.count("+") <= 1


def _monthdays(parts):
    if "BYMONTHDAY" not in parts:
        return None
    if parts["FREQ"] == "WEEKLY":
        raise invalid("rrule BYMONTHDAY cannot be used with FREQ=WEEKLY; use BYDAY")
    days = []
    for token in parts["BYMONTHDAY"].split(","):
        digits = token.lstrip("+-")
        if not digits.isdigit() or not 1 <= int(digits) <= 31 or len(token) - len(digits) > 1:
            raise invalid("rrule BYMONTHDAY must list days of the month from 1 to 31 (or -1 to -31 from its end)")
        days.append(int(token))
    return days


def _until_value(value):
    """UNTIL as ('date', date) | ('utc', aware datetime) | ('local', naive datetime)."""
    try:
        if not "1970" <= value[:4] <= "9998":
            raise ValueError(value)
        if len(value) == 8:
            return "date", dt.datetime.strptime(value, "%Y%m%d").date()
        if len(value) == 16 and value.endswith("Z"):
            return "utc", dt.datetime.strptime(value[:-1], "%Y%m%dT%H%M%S").replace(tzinfo=dt.timezone.utc)
        if len(value) == 15:
            return "local", dt.datetime.strptime(value, "%Y%m%dT%H%M%S")
    except ValueError:
        pass
    raise invalid("rrule UNTIL must be a date such as 20261231 or a UTC time such as 20261231T235959Z")


def build(parts, start, tz):
    """The dateutil rule of checked `parts` starting at the naive local `start` in `tz`."""
    kwargs = {"dtstart": start, "interval": int(parts.get("INTERVAL", 1)), "cache": False}
    if "COUNT" in parts:
        kwargs["count"] = int(parts["COUNT"])
    if "UNTIL" in parts:
        kind, value = _until_value(parts["UNTIL"])
        if kind == "date":
            value = dt.datetime.combine(value, dt.time(23, 59, 59))
        elif kind == "utc":
            value = value.astimezone(tz).replace(tzinfo=None)
        kwargs["until"] = value
    weekdays = _weekdays(parts)
    if weekdays:
        kwargs["byweekday"] = weekdays
    monthdays = _monthdays(parts)
    if monthdays:
        kwargs["bymonthday"] = monthdays
    _refuse_barren(parts, start, kwargs)
    return du.rrule(FREQS[parts["FREQ"]], **kwargs)


def _refuse_barren(parts, start, kwargs):
    """Every 7th, 14th… day from a weekday that BYDAY excludes never falls on a day of the rule
    (dateutil would search to the year 9999 for one)."""
    weekdays = kwargs.get("byweekday")
    if parts["FREQ"] == "DAILY" and weekdays and kwargs["interval"] % 7 == 0:
        if start.weekday() not in {w.weekday for w in weekdays}:
            raise invalid(f"rrule never falls on a day: every {kwargs['interval']}th day from "
                          f"{start:%Y-%m-%d} is a {start:%A}, which BYDAY leaves out")


# ---------------------------------------------------------------------------------- expansion
def instances(schedule, from_ms, to_ms_, limit=None):
    """Unix ms of the starts of `schedule` with from_ms <= start <= to_ms_, in order: all of them, or
    the first `limit`. `schedule` holds scheduleKind, timezone, localDate, localTime and rrule."""
    from_ms, to_ms_ = max(from_ms, _FIRST_MS), min(to_ms_, _LAST_MS)
    if from_ms > to_ms_:
        return []
    tz = ZoneInfo(schedule["timezone"])
    start = local_start(schedule["localDate"], schedule["localTime"])
    if schedule["scheduleKind"] == "one_time":
        candidates, high = [start], start
    else:
        rule = build(parse(schedule["rrule"]), start, tz)
        low = max(to_local(from_ms, tz) - dt.timedelta(days=1), dt.datetime(1, 1, 2))
        high = min(to_local(to_ms_, tz) + dt.timedelta(days=1), dt.datetime(9999, 12, 30))
        candidates = rule.xafter(low, inc=True)
    out = []
    for naive in candidates:
        if naive > high or (limit is not None and len(out) == limit):
            break
        ms = to_ms(naive, tz)
        if from_ms <= ms <= to_ms_:
            out.append(ms)
    return out
