"""File names (and text quoting them) that are not plain UTF-8, as each format writes them.

On POSIX a file name is bytes.  Python reads a name that is not UTF-8 with
``surrogateescape``: each undecodable byte becomes a lone surrogate U+DC80 to U+DCFF,
which no UTF-8 output can hold (writing it raised ``UnicodeEncodeError``).  A name may
also hold control characters (an ESC would drive the terminal).  So:

- text and GitHub annotations, read by people, show such a byte as ``\\xff`` and a
  control character as ``\\x1b``;
- JSON (the report and SARIF) keeps it exactly, as the JSON escape ``\\udcff`` (DEL and
  the C1 controls are escaped too):
  valid UTF-8, and ``os.fsencode(json.loads(…))`` gives the original bytes back;
- a SARIF URI percent-encodes the name's original bytes (``%FF``).
"""

from __future__ import annotations

import re

#: Lone surrogates: what an undecodable byte of a name becomes.
_SURROGATE = re.compile("[\ud800-\udfff]")
#: C0 and C1 control characters and DEL; tab and newline only where the caller says.
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")


def raw_bytes(text: str) -> bytes:
    """``text`` as the bytes it was read from: UTF-8, undecodable bytes restored."""
    try:
        return text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:  # a surrogate no byte stands for (U+D800, from a string)
        return text.encode("utf-8", "surrogatepass")


def printable(text: str, *, keep: str = "") -> str:
    """``text`` for a person: undecodable bytes and control characters (but those in
    ``keep``) escaped as ``\\xNN`` (``\\uNNNN`` for a surrogate no byte stands for)."""
    if text.isprintable():
        return text  # nearly always: nothing to rewrite
    return _CONTROL.sub(
        lambda m: m[0] if m[0] in keep else f"\\x{ord(m[0]):02x}", _SURROGATE.sub(_byte, text)
    )


def _byte(match: re.Match[str]) -> str:
    code = ord(match[0])
    return f"\\x{code - 0xDC00:02x}" if 0xDC80 <= code <= 0xDCFF else f"\\u{code:04x}"


#: What ``json.dumps(ensure_ascii=False)`` leaves raw and should not: lone surrogates
#: (not UTF-8), DEL and the C1 controls (valid JSON, but they drive a terminal).
_JSON_UNSAFE = re.compile("[\ud800-\udfff\x7f-\x9f]")


def escape_json(json_text: str) -> str:
    """JSON text with what ``_JSON_UNSAFE`` matches written as ``\\uXXXX`` escapes.
    Outside strings JSON holds none of them, and inside one the escape means the same."""
    return _JSON_UNSAFE.sub(lambda m: f"\\u{ord(m[0]):04x}", json_text)
