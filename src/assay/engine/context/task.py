"""A task and its requests as a user spells them: ``KEY=VALUE`` and ``NAME@VERSION``.

A task gives **one** value per dimension: a task is one piece of work, done in one
language, in one repository.  The same key twice (``--where language=go --where
language=rust``) is therefore a usage error rather than a task in two languages at
once, which no declaration could mean; values within a *declaration* are the
alternatives.  Keys and values are taken as written (no trimming, no case folding), as
they compare against the spec.  Anything that cannot be read raises ``UsageError``, the
only exception here, whatever the text.
"""

from __future__ import annotations

from collections.abc import Iterable

from assay.engine.context.selection import Request
from assay.errors import UsageError

#: More digits than any version needs; the spec grammar's numbers stop here too.
_MAX_VERSION_DIGITS = 9


def parse_where(items: Iterable[str]) -> dict[str, str]:
    """``["language=go", "repository=svc-a"]`` -> ``{"language": "go", ...}``.

    Split at the first ``=``: a value may hold ``=`` itself.  No ``=``, an empty key or
    an empty value, or a key given twice is a ``UsageError`` naming the item.
    """
    task: dict[str, str] = {}
    for item in items:
        key, equals, value = item.partition("=")
        if not equals:
            raise UsageError(f"--where {item!r}: expected KEY=VALUE, e.g. language=go")
        if not key:
            raise UsageError(f"--where {item!r}: the dimension (before `=`) is empty")
        if not value:
            raise UsageError(f"--where {item!r}: the value (after `=`) is empty")
        if key in task:
            raise UsageError(
                f"--where {item!r}: {key!r} already has the value {task[key]!r}; "
                "a task has one value per dimension"
            )
        task[key] = value
    return task


def parse_request(text: str) -> Request:
    """``"go-testing@2"`` -> ``Request(name="go-testing", version=2)``.

    Split at the last ``@`` (a quoted declaration name may hold one); the version is a
    whole number from 1.  Anything else is a ``UsageError`` naming the text.
    """
    name, at, number = text.rpartition("@")
    if not at or not name:
        raise UsageError(f"--declaration {text!r}: expected NAME@VERSION, e.g. go-testing@2")
    digits = number.isascii() and number.isdigit()
    if not digits or len(number.lstrip("0")) > _MAX_VERSION_DIGITS:
        raise UsageError(f"--declaration {text!r}: the version must be a whole number")
    version = int(number)
    if version < 1:
        raise UsageError(f"--declaration {text!r}: versions start at 1")
    return Request(name=name, version=version)
