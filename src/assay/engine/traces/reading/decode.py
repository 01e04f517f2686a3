"""One line into the JSON object it holds, or the located reason it holds none.

Every way a line can fail is a diagnostic, never an exception: bytes that are not
UTF-8 (PRT008, at the first bad byte), a line over the length limit (PRT009), text
that is not JSON — a line cut short, a stray comma, digits past Python's limit for an
integer, nesting deeper than the parser's recursion (PRT001, at the JSON error's
column) — and JSON that is not an object (PRT007).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from assay.engine.traces.reading.problems import problem
from assay.engine.traces.reading.stream import MAX_LINE, Line
from assay.spec.diagnostics import Diagnostic
from assay.spec.rules.sessions import PRT001, PRT007, PRT008, PRT009

_KINDS = {str: "a string", int: "a number", float: "a number", bool: "a boolean"}
_KINDS[type(None)] = "null"

#: The C scanner ``json.loads`` ends in, called directly for a line that starts an
#: object: ``loads`` → ``decode`` → ``raw_decode`` are three Python calls a line, a
#: fifth of the decoding. Anything else, and any line it does not take whole, goes
#: the way of ``json.loads``, which says why (tested equal on drawn lines).
_scan: Callable[[str, int], tuple[Any, int]]
_scan = json.JSONDecoder().scan_once  # type: ignore[attr-defined]
_WHITESPACE = " \t\n\r"


def blank(line: Line) -> bool:
    """Whether the line holds only whitespace (skipped: it is no entry)."""
    data = line.data
    # An entry starts with its brace: no copy of the line is stripped to say so.
    return data is not None and data[:1] != b"{" and not data.strip()


def entry_object(line: Line, path: str, limit: int = MAX_LINE) -> dict[str, Any] | Diagnostic:
    """The JSON object on ``line``, or the diagnostic saying why there is none."""
    if line.data is None:
        return problem(
            PRT009,
            f"line {line.number} is {line.length} bytes long, over the {limit} a "
            "session line may have: it was skipped unread",
            path,
            line,
        )
    try:
        text = line.data.decode("utf-8")
    except UnicodeDecodeError as error:
        column = len(line.data[: error.start].decode("utf-8")) + 1
        byte = line.data[error.start]
        return problem(
            PRT008,
            f"not UTF-8: byte 0x{byte:02x} cannot start or continue a character",
            path,
            line,
            column,
        )
    if text[:1] == "{":
        try:
            value, end = _scan(text, 0)
        except (StopIteration, ValueError, RecursionError):
            pass  # json.loads below says why
        else:
            if end == len(text) or not text[end:].strip(_WHITESPACE):
                return value  # type: ignore[no-any-return]
    try:
        value = json.loads(text)
    except json.JSONDecodeError as error:
        # Cut short: the parser ran out of text, or a string never closed.
        cut = error.pos >= len(text.rstrip()) or error.msg.startswith("Unterminated string")
        why = "the line ends inside its JSON value (a truncated entry)" if cut else error.msg
        if cut and not line.ended:
            why += "; the file ends here"
        return problem(PRT001, f"not a JSON entry: {why}", path, line, error.colno)
    except RecursionError:
        return problem(PRT001, "not a JSON entry: nested too deeply to read", path, line)
    except ValueError as error:  # an integer past sys.get_int_max_str_digits
        return problem(PRT001, f"not a JSON entry: {error}", path, line)
    if not isinstance(value, dict):
        what = _KINDS.get(type(value), "an array")
        return problem(PRT007, f"a session entry is a JSON object, not {what}", path, line)
    return value
