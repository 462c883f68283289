"""The website rule of companies: free text, but never a link that runs code when opened.

A website is whatever the user typed (`northwind.example` is fine), except `javascript:`,
`vbscript:` and `data:` links, which are refused however they are written: in any case, after
leading spaces, with tabs or newlines inside the scheme (browsers drop those), percent-encoded or as
HTML character references, even encoded twice.
"""

import html
import unicodedata
from urllib.parse import unquote

from talkbar.errors import invalid

UNSAFE_SCHEMES = ("javascript:", "vbscript:", "data:")
_DECODE_ROUNDS = 4


def _decoded(text):
    """The text as a browser would finally read it: entities and %-escapes undone, repeatedly."""
    for _ in range(_DECODE_ROUNDS):
        decoded = html.unescape(unquote(text))
        if decoded == text:
            break
        text = decoded
    return text


def _squeezed(text):
    """Without whitespace, control or invisible format characters anywhere (browsers skip them)."""
    return "".join(ch for ch in text if not ch.isspace() and unicodedata.category(ch) not in ("Cc", "Cf"))


def is_unsafe(website):
    return _squeezed(_decoded(website)).casefold().startswith(UNSAFE_SCHEMES)


def unsafe_message(arg="website"):
    return (f"{arg} must not be a javascript:, vbscript: or data: link; "
            "give the company's address, such as northwind.example")


def refuse_unsafe_website(args):
    """organizations.create / .update (`check`): a website that runs code when opened is refused."""
    website = args.get("website")
    if isinstance(website, str) and is_unsafe(website):
        raise invalid(unsafe_message())
