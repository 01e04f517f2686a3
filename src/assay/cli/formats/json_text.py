"""Indented JSON text written piece by piece: exactly
``escape_json(json.dumps(value, indent=2, ensure_ascii=False))``, at a fraction of
its cost.

CPython's C encoder does not indent, so with ``indent`` set ``json.dumps`` runs the
pure-Python encoder: a generator per nesting level, every piece of text passed up
through all of them.  Of 10,000 records with 51,018 findings
(``benchmarks/large_report.py``), the SARIF log took 3.1 s of CPU through dicts and
``json.dumps``, 0.8 s written here, and the JSON report 0.9 s against 0.13 s: the
2.3 and 0.8 s saved are a third and a tenth of the cold check of 10,000 records
(about 7 s on two cores) that the report ends.  The indented text itself is simple:
a non-empty object is ``{``, each ``"key": value`` on a line of its own one level
(two spaces) deeper, separated by ``,``, then ``}`` on the object's own line
(``[``/``]`` for an array); an empty one is ``{}``/``[]``.  So a format that knows its
shapes writes them with ``obj`` and ``array`` from values written by ``string`` and
``number``, and ``value`` writes anything else.

Strings go through ``encode_basestring``, the very function ``json.dumps`` uses with
``ensure_ascii=False``, then ``escape_json`` (``names``) when they hold a character it
rewrites: it rewrites single characters, so escaping each string is escaping the
whole text.  The property tests compare all of it with ``json.dumps``.
"""

from __future__ import annotations

from collections.abc import Iterable
from json.encoder import INFINITY, encode_basestring
from typing import Any

from assay.cli.names import escape_json

__all__ = ["STEP", "array", "number", "obj", "string", "value"]

#: One level of indentation.
STEP = "  "


def string(text: str) -> str:
    """A JSON string as the report formats write it."""
    encoded: str = encode_basestring(text)
    if encoded.isascii() and "\x7f" not in encoded:
        return encoded  # nearly always: nothing escape_json would rewrite
    return escape_json(encoded)


def number(n: int | float) -> str:
    """An int or float (bool included) as ``json.dumps`` writes it."""
    if n is True:
        return "true"
    if n is False:
        return "false"
    if isinstance(n, int):
        return int.__repr__(n)
    if n != n:
        return "NaN"
    if n == INFINITY:
        return "Infinity"
    if n == -INFINITY:
        return "-Infinity"
    return float.__repr__(n)


def obj(newline: str, members: Iterable[tuple[str, str]]) -> str:
    """An object from ``(key, written value)`` pairs, its braces at the level whose line
    break and indentation is ``newline``; each key is written as ``string`` would,
    each value was written for the level below."""
    inner = newline + STEP
    text = f",{inner}".join(f"{key}: {written}" for key, written in members)
    return f"{{{inner}{text}{newline}}}" if text else "{}"


def array(newline: str, items: Iterable[str]) -> str:
    """An array of values written for the level below ``newline``'s."""
    inner = newline + STEP
    text = f",{inner}".join(items)
    return f"[{inner}{text}{newline}]" if text else "[]"


def value(v: Any, newline: str = "\n") -> str:
    """Any JSON value, written at the level of ``newline``: dicts, lists and tuples,
    str, int, float, bool and None, as ``json.dumps`` takes them."""
    if isinstance(v, str):
        return string(v)
    if v is None:
        return "null"
    if isinstance(v, (int, float)):
        return number(v)
    inner = newline + STEP
    if isinstance(v, (list, tuple)):
        return array(newline, [value(item, inner) for item in v])
    if isinstance(v, dict):
        return obj(newline, [(_key(k), value(item, inner)) for k, item in v.items()])
    raise TypeError(f"Object of type {v.__class__.__name__} is not JSON serializable")


def _key(key: Any) -> str:
    # json.dumps's rules for keys: strings as they are, other scalars as their text.
    if isinstance(key, str):
        return string(key)
    if key is None:
        return '"null"'
    if isinstance(key, (int, float)):
        return string(number(key))
    raise TypeError(f"keys must be str, int, float, bool or None, not {key.__class__.__name__}")
