"""Records of hostile shapes, about 300 KB each: what could make one record slow.

    python benchmarks/hostile.py OUT_DIR [--size BYTES]

Each shape repeats one construct until the record holds ``--size`` bytes (default
300,000), inside a record otherwise ordinary (title, Status, Context, Decision,
Consequences). The shapes come from reading ``assay.grammar.markdown``: the line
lexer's containers (nested lists, deep block quotes), the section tree (headings),
the inline pass (links, reference definitions, raw HTML, brackets that never close),
tables and bold labels (read as pseudo-headings). ``budgets.py`` times
``assay check`` on each one alone, per megabyte.

The bytes depend on the shape and the size only; ``HOSTILE_VERSION`` changes whenever
they would change, and names the cache folder (``benchmarks/.corpus/``).
"""

from __future__ import annotations

import argparse
import json
import shutil
from collections.abc import Callable
from pathlib import Path

HOSTILE_VERSION = 1
SIZE = 300_000
CACHE = Path(__file__).resolve().parent / ".corpus"
FRAME = """\
# 1. A hostile record: {shape}

Date: 2026-12-04

## Status

Accepted

## Context

{body}
## Decision

We will measure how long the check of this record takes.

## Consequences

The slowest shape is named in the budgets.
"""


def name(shape: str) -> str:
    """The record's file name (its links point at itself, so they resolve)."""
    return f"0001-hostile-{shape}.md"


def _headings(i: int, me: str) -> str:
    return f"{'#' * (3 + i % 4)} Part {i}\n\nThe part {i} holds one line.\n\n"


def _nested_lists(i: int, me: str) -> str:
    return "  " * (i % 12) + f"- item {i}, nested {i % 12} deep\n"


def _blockquotes(i: int, me: str) -> str:
    prefix = "> " * (1 + i % 30)
    return f"{prefix}quoted line {i}\n{prefix.rstrip()}\n"


def _references(i: int, me: str) -> str:
    return (
        f"See [record {i}][ref-{i}], [this record]({me}) and [ref-{max(i - 1, 0)}].\n\n"
        f'[ref-{i}]: {me} "Reference {i}"\n\n'
    )


def _long_lines(i: int, me: str) -> str:
    words = (
        f"word{j} `code {j}` *stress {j}*"
        + (f" [link](https://example.com/{j})" if j % 50 == 0 else "")
        for j in range(500)
    )
    return " ".join(words) + "\n\n"


def _table_rows(i: int, me: str) -> str:
    head = "| n | name | bold | code | link |\n| --- | --- | --- | --- | --- |\n" if i == 0 else ""
    return (
        head + f"| {i} | name {i} | **bold {i}** | `code {i}` | [link](https://example.com/{i}) |\n"
    )


def _bold_lines(i: int, me: str) -> str:
    if i % 3:
        return f"**Label {i}:** the value of label {i}\n"
    return f"\n**A bold line of its own {i}**\n\n"


def _html_tags(i: int, me: str) -> str:
    if i % 2:
        return (
            f'<div class="note" id="n{i}"><a href="{me}">record</a> <span>text {i}</span>'
            f' <img src="https://example.com/{i}.png" alt="x"></div>\n\n'
        )
    return (
        f'Text <b>bold {i}</b>, <a href="https://example.com/{i}">a link</a>, <code>x</code>.\n\n'
    )


def _open_brackets(i: int, me: str) -> str:
    # One paragraph: two brackets that never close on every line, then a link.
    return f"[note {i} [see [the record]({me}) and more words\n"


def _baseline(i: int, me: str) -> str:
    return f"An ordinary paragraph {i} of the record, with [a link]({me}).\n\n"


SHAPES: dict[str, Callable[[int, str], str]] = {
    "headings": _headings,  # the section tree, and reading each section (engine/reading)
    "nested lists": _nested_lists,  # the line lexer's containers, 12 deep
    "deep blockquotes": _blockquotes,  # containers again, 30 deep, closing on every line
    "links and reference definitions": _references,  # refdefs, the inline pass, link checks
    "long lines": _long_lines,  # 20 KB lines: the inline pass over one long text
    "table rows": _table_rows,  # one table of thousands of rows
    "bold lines": _bold_lines,  # bold labels and bold lines read as pseudo-headings
    "HTML tags": _html_tags,  # raw HTML blocks and inline tags, their href and src
    "unclosed brackets": _open_brackets,  # link openers that never close, in one paragraph
}


def slug(shape: str) -> str:
    return shape.lower().replace(" ", "-")


def record(shape: str, size: int) -> bytes:
    """The record of ``shape``: its construct repeated until ``size`` bytes."""
    chunk = SHAPES.get(shape, _baseline)
    me, parts, length, i = name(slug(shape)), [], 0, 0
    while length < size:
        parts.append(chunk(i, me))
        length += len(parts[-1])
        i += 1
    return FRAME.format(shape=shape, body="".join(parts)).encode("utf-8")


def ensure_records(size: int = SIZE) -> Path:
    """The cached folder of every shape at ``size`` bytes (and a 3 KB baseline record),
    one ``SHAPE/docs/adr/0001-hostile-SHAPE.md`` each; written if missing."""
    folder = CACHE / f"hostile-b{size}-v{HOSTILE_VERSION}"
    stamp = folder / "CORPUS.json"
    if stamp.is_file():
        return folder
    partial = folder.with_name(folder.name + ".partial")
    shutil.rmtree(partial, ignore_errors=True)
    for shape, length in [*((s, size) for s in SHAPES), ("baseline", 3000)]:
        target = partial / slug(shape) / "docs" / "adr" / name(slug(shape))
        target.parent.mkdir(parents=True)
        target.write_bytes(record(shape, length))
    info = {"size": size, "hostile_version": HOSTILE_VERSION, "shapes": list(SHAPES)}
    (partial / "CORPUS.json").write_text(json.dumps(info, indent=2) + "\n")
    partial.rename(folder)
    return folder


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--size", type=int, default=SIZE)
    options = parser.parse_args()
    for shape in [*SHAPES, "baseline"]:
        target = options.out / name(slug(shape))
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(record(shape, options.size if shape in SHAPES else 3000))
        print(f"{target}: {target.stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
