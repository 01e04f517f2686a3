"""What an agent's output says, read against the result schema; and whether its answer
is the answer key's.

The output is one JSON object on stdout. The schema's answer field must hold text: a
number, true/false, null, an array or an object is malformed, as the guide says (a
number was once read as its JSON text, so `{"answer": 5}` was graded); each counter
a whole number up to ``MAX_COUNTER``, else it is reported incomplete (so a paid
attempt is charged its worst case); a field the schema does not name is
listed in ``unknown_fields`` and counts for nothing, whatever it claims. Anything
else is malformed output, kept with a sentence saying what was wrong. Pure: never
raises, whatever the bytes.
"""

from __future__ import annotations

import json
from typing import Any

from attrs import frozen

from assay.spec.evaluation import ResultSchemaDecl
from assay.spec.evidence import Counter
from assay.spec.model import Model

#: More than any agent's answer should be; beyond it the output is malformed.
MAX_OUTPUT = 16 << 20


@frozen(kw_only=True)
class Reading(Model):
    """The output, read: ``answer`` None when it could not be read (``problem`` says why)."""

    answer: str | None
    counters: tuple[Counter, ...] = ()
    unknown_fields: tuple[str, ...] = ()
    problem: str | None = None


def read_output(stdout: bytes, schema: ResultSchemaDecl) -> Reading:
    """Read ``stdout`` against ``schema``."""
    if len(stdout) > MAX_OUTPUT:
        return Reading(answer=None, problem=f"the output is larger than {MAX_OUTPUT} bytes")
    try:
        value = json.loads(stdout.decode("utf-8"))
    except UnicodeDecodeError as error:
        return Reading(answer=None, problem=f"the output is not UTF-8 (byte {error.start})")
    except (ValueError, RecursionError) as error:
        return Reading(answer=None, problem=f"the output is not JSON: {_short(error)}")
    if not isinstance(value, dict):
        return Reading(answer=None, problem=f"the output is JSON {_kind(value)}, not an object")
    counters = tuple(_counter(value, name) for name in schema.counters)
    known = {schema.answer, *schema.fields, *schema.counters}
    unknown = tuple(sorted(key for key in value if key not in known))
    answer = value.get(schema.answer)
    if not isinstance(answer, str):
        got = "nothing" if schema.answer not in value else f"JSON {_kind(answer)}"
        problem = f"the answer field `{schema.answer}` must hold text (got {got})"
        return Reading(answer=None, counters=counters, unknown_fields=unknown, problem=problem)
    return Reading(answer=answer, counters=counters, unknown_fields=unknown)


#: The largest counter read: every whole number up to it is exact as a float, so a
#: counter times a rate is a number; a larger one overflows and is not read.
MAX_COUNTER = 2**53


def _counter(value: dict[str, Any], name: str) -> Counter:
    count = value.get(name)
    if isinstance(count, int) and not isinstance(count, bool) and 0 <= count <= MAX_COUNTER:
        return Counter(name=name, value=count, complete=True)
    return Counter(name=name, value=None, complete=False)


def _kind(value: Any) -> str:
    kinds = {dict: "object", list: "array", str: "text", bool: "true/false", type(None): "null"}
    return kinds.get(type(value), "number")


def _short(error: Exception) -> str:
    text = str(error)
    return text if len(text) <= 120 else text[:117] + "..."


def correctness(answer: str | None, expected: str | None) -> str:
    """``correct`` or ``wrong`` against the key (surrounding whitespace aside);
    ``unknown`` without an answer or without a key for the task."""
    if answer is None or expected is None:
        return "unknown"
    return "correct" if answer.strip() == expected.strip() else "wrong"
