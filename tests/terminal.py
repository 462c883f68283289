"""Run the real talkbar-cli with its stdout and/or stderr on a pseudo-terminal of a given size, as
a person at a terminal would, the other streams piped."""

import fcntl
import os
import pty
import re
import struct
import subprocess
import termios
import threading

from conftest import REPO, cli_command

ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


class TtyResult:
    def __init__(self, code, stdout, stderr):
        self.code, self.stdout, self.stderr = code, stdout, stderr

    def lines(self, stream="stdout"):
        """The stream's lines as seen on the screen's rows: colour codes dropped, CR LF as LF."""
        return ANSI.sub("", getattr(self, stream).replace("\r\n", "\n")).split("\n")

    def __repr__(self):
        return f"<exit {self.code} stdout={self.stdout[:300]!r} stderr={self.stderr[:300]!r}>"


def _terminal(columns):
    main, side = pty.openpty()
    fcntl.ioctl(side, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
    return main, side


def _drain(fd, into, key):
    chunks = []
    while True:
        try:
            data = os.read(fd, 65536)
        except OSError:   # EIO once the process has closed its side
            break
        if not data:
            break
        chunks.append(data)
    os.close(fd)
    into[key] = b"".join(chunks).decode("utf-8", errors="replace")


def run(tb, *args, stdout_tty=False, stderr_tty=False, columns=80, input=None, env=None, timeout=120):
    """talkbar-cli ARGS against `tb`'s data root; the chosen streams on a terminal `columns` wide."""
    full = tb.env()
    for name in ("COLUMNS", "NO_COLOR"):   # the terminal's own size decides, unless a test sets COLUMNS
        full.pop(name, None)
    full["TERM"] = "xterm-256color"      # a terminal, whatever the suite runs under (TERM=dumb turns progress off)
    full.update({k: str(v) for k, v in (env or {}).items()})
    env = full
    out, readers, ends = {}, [], []
    streams = {}
    for name, on_tty in (("stdout", stdout_tty), ("stderr", stderr_tty)):
        if on_tty:
            main, side = _terminal(columns)
            streams[name] = side
            ends.append(side)
            readers.append(threading.Thread(target=_drain, args=(main, out, name)))
        else:
            streams[name] = subprocess.PIPE
    proc = subprocess.Popen(cli_command() + [str(a) for a in args], env=env, cwd=str(REPO),
                            stdin=subprocess.PIPE if input is not None else subprocess.DEVNULL, **streams)
    for side in ends:
        os.close(side)
    for reader in readers:
        reader.start()
    piped_out, piped_err = proc.communicate(input.encode() if input is not None else None, timeout=timeout)
    for reader in readers:
        reader.join(timeout)
    for name, data in (("stdout", piped_out), ("stderr", piped_err)):
        if name not in out:
            out[name] = (data or b"").decode("utf-8", errors="replace")
    return TtyResult(proc.returncode, out["stdout"], out["stderr"])
