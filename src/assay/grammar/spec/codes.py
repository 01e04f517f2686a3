"""The codes of spec problems (apart from the Lark-facing code that finds them, so a
check run that reads no spec need not import Lark)."""

from __future__ import annotations

from collections.abc import Mapping

#: Every code a spec can produce, with its name.  Codes are never reused.
CODES: Mapping[str, str] = {
    "SPC001": "spec-syntax-error",
    "SPC002": "unknown-reference",
    "SPC003": "duplicate-definition",
    "SPC004": "invalid-value",
    "SPC005": "misplaced-constraint",
    "SPC006": "circular-extends",
    "SPC007": "extends-too-deep",
}
