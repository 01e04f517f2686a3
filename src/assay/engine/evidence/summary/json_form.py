"""``summary_json``: the summary as JSON values, checked against ``assay schema summary``.

The check runs on every call: the shape is a public contract, and a summary that does
not match its own schema is an internal error, better caught here than by a reader.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

# jsonschema (a runtime dependency) ships no type hints and no stubs are installed.
import jsonschema  # type: ignore[import-untyped]

from assay.spec.convert import to_json_value
from assay.spec.evaluation_summary import Summary, summary_schema


@cache
def _validator() -> Any:
    return jsonschema.Draft202012Validator(summary_schema())


def summary_json(summary: Summary) -> dict[str, Any]:
    """The summary as a JSON-ready dict; raises ``jsonschema.ValidationError`` only if
    assay itself broke the contract."""
    # Through JSON text and back: tuples become lists, as a reader of the output sees them.
    value: dict[str, Any] = json.loads(json.dumps(to_json_value(summary)))
    _validator().validate(value)
    return value
