"""SubRip (.srt) and WebVTT (.vtt) from the transcript: one cue per turn, numbered from 1, with
HH:MM:SS,mmm / HH:MM:SS.mmm times from the turn's start and end. A cue's text is one line (a
blank line would end it) and never holds the `-->` arrow; WebVTT text is also entity-escaped."""

from html import escape


def _stamp(ms, sep):
    ms = max(0, ms)
    return f"{ms // 3600000:02d}:{ms % 3600000 // 60000:02d}:{ms % 60000 // 1000:02d}{sep}{ms % 1000:03d}"


def _line(text):
    return " ".join(text.split()).replace("-->", "\u2192")


def _cues(doc):
    for i, t in enumerate(doc["transcript"] or [], 1):
        end = max(t["endMs"], t["startMs"] + 1)
        yield i, t["startMs"], end, _line(t["speaker"]), _line(t["text"])


def srt(doc):
    return "".join(f"{i}\n{_stamp(a, ',')} --> {_stamp(b, ',')}\n{who}: {text}\n\n"
                   for i, a, b, who, text in _cues(doc))


def vtt(doc):
    cues = "".join(f"{i}\n{_stamp(a, '.')} --> {_stamp(b, '.')}\n<v {escape(who)}>{escape(text, quote=False)}\n\n"
                   for i, a, b, who, text in _cues(doc))
    return "WEBVTT\n\n" + cues
