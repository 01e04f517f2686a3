"""Records whose file names are any bytes a file system takes, checked and reported in
every format: no exception, every finding names a file that was written, and the JSON
and SARIF reports are valid UTF-8 JSON.

A name is bytes; Python reads an undecodable byte as a lone surrogate (``os.fsdecode``),
and ``assay.cli.names`` says how each format writes it.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from urllib.parse import quote, unquote_to_bytes

from hypothesis import example, given, settings
from hypothesis import strategies as st

from assay.cli.formats import FORMATTERS
from assay.engine.runner.run import check
from assay.engine.workspace.config import load_config

RECORD = """\
# {number}. Record {number}

Date: 2025-03-04

## Status

Accepted

## Context

We link to [the first record]({link}) and to [nothing](missing-{number}.md).

## Decision

We will write records.

## Consequences

Records are read.
"""

#: A name the file system takes: no `/`, no NUL, not `.` or `..`, 255 bytes at most.
_TAILS = st.sampled_from([b"", b".md", b".MD", b".md.md", b".markdown", b".txt", b" .md"])
_HEADS = st.sampled_from(
    [b"", b"0001-", b"0002-", b"-", b"--x", b" ", b"\x1b[31m", b"\xe2\x80\xae"]
)
NAMES = (
    st.tuples(_HEADS, st.binary(max_size=40), _TAILS)
    .map(lambda parts: b"".join(parts).replace(b"/", b"_").replace(b"\x00", b"_")[:255])
    .filter(lambda name: name not in (b"", b".", b".."))
)


def _workspace(names: list[bytes]) -> Path:
    root = Path(tempfile.mkdtemp(prefix="assay-names-"))
    folder = os.path.join(os.fsencode(root), b"docs", b"adr")
    os.makedirs(folder)
    link = quote(names[0])  # percent-encoded bytes: how Markdown links to any name
    for number, name in enumerate(names, start=1):
        text = RECORD.format(number=number, link=link)
        with open(os.path.join(folder, name), "wb") as stream:
            stream.write(text.encode("utf-8"))
    return root


def _source(root: Path) -> Callable[[str], str | None]:
    def source(path: str) -> str | None:
        try:
            return (root / path).read_bytes().decode("utf-8", "replace")
        except OSError:
            return None

    return source


@settings(max_examples=min(settings().max_examples, 60))
@given(names=st.lists(NAMES, min_size=1, max_size=4, unique=True))
@example(names=[b"0001-\xff\x1b.md", b"0002-\xe2\x80\xaeevil.md", b"-rf .md"])
@example(names=[b"0001-a\rb\x07.md", b"\xc2\x9b0002.md"])
def test_any_record_names_check_and_report_in_every_format(names: list[bytes]) -> None:
    root = _workspace(names)
    try:
        config = load_config(root)
        result = check(config, cache=False)
        written = {os.fsdecode(b"docs/adr/" + name) for name in names}
        findings = [*result.diagnostics, *(s.diagnostic for s in result.suppressed)]
        # Every record links to the first name, percent-encoded: the file exists.
        link = f"`{quote(names[0])}`"
        assert not [d for d in findings if d.code.startswith("LNK") and link in d.message]
        for d in findings:
            assert d.path in written, d
            assert all(r.path in written for r in d.related), d
        outputs = {
            name: render(result, version="0", source=_source(root))
            for name, render in FORMATTERS.items()
        }
        for out in outputs.values():
            out.encode("utf-8")  # strict: each format writes to a UTF-8 stream
        report = json.loads(outputs["json"])
        assert {os.fsdecode(os.fsencode(e["path"])) for e in report["diagnostics"]} <= written
        sarif = json.loads(outputs["sarif"])
        for found in sarif["runs"][0]["results"]:
            uri = found["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            assert os.fsdecode(unquote_to_bytes(uri)) in written
    finally:
        shutil.rmtree(root)
