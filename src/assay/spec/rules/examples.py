"""The examples in a rule's documentation: what fails, what passes, as files to write.

The documentation's ``## Fails`` and ``## Passes`` sections hold fenced blocks; each block
is one file of a small workspace.  The info string names the language (``markdown``
or ``assay``) and may set ``path=…`` (default ``docs/adr/0001-example.md`` for
Markdown, ``assay/example.assay`` for a spec) and, for the path checks,
``encoding=latin-1``, ``symlink=TARGET`` or ``fifo=true``; ``tracked=true|false``
makes the workspace a git repository that tracks the file or not (every file
without ``tracked=false`` is tracked).  In Fails, the file the
finding is in says where with ``at=LINE:COLUMN`` (several files may, one finding each:
the two ways a check fails, or the files of an analysis run).  The test suite writes
each section out, runs the check, and expects exactly the findings of the check's code
the blocks place, for Fails, and none for Passes; the reference pages show the same
blocks and places.
"""

from __future__ import annotations

import re
import shlex
import textwrap

from attrs import frozen

from assay.spec.model import Model

DEFAULT_PATHS = {
    "markdown": "docs/adr/0001-example.md",
    "assay": "assay/example.assay",
    "trace": "sessions/example.jsonl",  # a recorded session (the protocol rules)
}
_SECTION = re.compile(r"^## (Fails|Passes)[ \t]*$", re.MULTILINE)
_FENCE = re.compile(
    r"^(?P<fence>```+)(?P<info>[^\n`]*)\n(?P<body>.*?)^(?P=fence)[ \t]*$", re.S | re.M
)


@frozen
class ExampleFile(Model):
    """One file of an example workspace."""

    language: str
    path: str
    text: str
    options: dict[str, str]
    #: ``(line, column)`` of the one finding a Fails example reports in this file.
    reported_at: tuple[int, int] | None = None


def examples(doc: str) -> dict[str, tuple[ExampleFile, ...]]:
    """``{"Fails": files, "Passes": files}`` for the sections the documentation has."""
    found: dict[str, tuple[ExampleFile, ...]] = {}
    heads = list(_SECTION.finditer(doc))
    for head, following in zip(heads, [*heads[1:], None], strict=False):
        end = following.start() if following is not None else len(doc)
        body = doc[head.end() : end]
        files = []
        for fence in _FENCE.finditer(body):
            words = shlex.split(fence["info"])
            language = words[0] if words else "markdown"
            options = dict(w.split("=", 1) for w in words[1:] if "=" in w)
            path = options.pop("path", DEFAULT_PATHS.get(language, "example.txt"))
            at = options.pop("at", None)
            line, _, column = at.partition(":") if at else ("", "", "")
            reported_at = (int(line), int(column)) if at else None
            text = textwrap.dedent(fence["body"])
            files.append(ExampleFile(language, path, text, options, reported_at))
        found[head[1]] = tuple(files)
    return found


def prose(doc: str) -> str:
    """The documentation without the example sections."""
    first = _SECTION.search(doc)
    return (doc[: first.start()] if first else doc).strip()
