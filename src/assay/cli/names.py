"""File names (and text quoting them) that are not plain UTF-8, as each format writes them.

On POSIX a file name is bytes.  Python reads a name that is not UTF-8 with
``surrogateescape``: each undecodable byte becomes a lone surrogate U+DC80 to U+DCFF,
which no UTF-8 output can hold (writing it raised ``UnicodeEncodeError``).  A name may
also hold control characters (an ESC would drive the terminal), and so may any text
a document quotes; bidi controls (U+202A-U+202E, U+2066-U+2069, and the marks U+061C,
U+200E, U+200F) reorder what a terminal shows, so a line reads other than it is
("Trojan Source").  So:

- text and GitHub annotations, read by people, show such a byte as ``\\xff``, a
  control character as ``\\x1b`` and a bidi control as ``\\u202e``;
- JSON (the report and SARIF) keeps it exactly, as the JSON escape ``\\udcff`` (DEL,
  the C1 controls and the bidi controls are escaped too):
  valid UTF-8, and ``os.fsencode(json.loads(…))`` gives the original bytes back;
- a SARIF URI percent-encodes the name's original bytes (``%FF``).
"""

from __future__ import annotations

import re

#: Lone surrogates: what an undecodable byte of a name becomes.
_SURROGATE = re.compile("[\ud800-\udfff]")
#: The bidi controls: embeddings, overrides, isolates and the marks.
BIDI = "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
#: C0 and C1 control characters, DEL and the bidi controls; tab and newline only where
#: the caller says.
_CONTROL = re.compile(f"[\x00-\x1f\x7f-\x9f{BIDI}]")


def raw_bytes(text: str) -> bytes:
    """``text`` as the bytes it was read from: UTF-8, undecodable bytes restored."""
    try:
        return text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:  # a surrogate no byte stands for (U+D800, from a string)
        return text.encode("utf-8", "surrogatepass")


def printable(text: str, *, keep: str = "") -> str:
    """``text`` for a person: undecodable bytes and control characters (but those in
    ``keep``) escaped as ``\\xNN`` (``\\uNNNN`` for a bidi control, or a surrogate no
    byte stands for).  What it returns it returns unchanged: escaping twice is once."""
    if text.isprintable():
        return text  # nearly always: nothing to rewrite
    return _CONTROL.sub(lambda m: _control(m, keep), _SURROGATE.sub(_byte, text))


def _control(match: re.Match[str], keep: str) -> str:
    code = ord(match[0])
    if match[0] in keep:
        return match[0]
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


def _byte(match: re.Match[str]) -> str:
    code = ord(match[0])
    return f"\\x{code - 0xDC00:02x}" if 0xDC80 <= code <= 0xDCFF else f"\\u{code:04x}"


#: What ``json.dumps(ensure_ascii=False)`` leaves raw and should not: lone surrogates
#: (not UTF-8), DEL, the C1 and the bidi controls (valid JSON, but they drive a
#: terminal, or reorder what it shows).
_JSON_UNSAFE = re.compile(f"[\ud800-\udfff\x7f-\x9f{BIDI}]")


def escape_json(json_text: str) -> str:
    """JSON text with what ``_JSON_UNSAFE`` matches written as ``\\uXXXX`` escapes.
    Outside strings JSON holds none of them, and inside one the escape means the same."""
    return _JSON_UNSAFE.sub(lambda m: f"\\u{ord(m[0]):04x}", json_text)
