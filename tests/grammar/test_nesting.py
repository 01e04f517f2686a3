"""Block quotes and list items nest up to ``MAX_NESTING``; deeper markers are text.

CommonMark sets no limit, but each line is matched against every open container, so
a file nested thousands deep costs time quadratic in its depth, and every reader of
its blocks would recurse as deep: one such file (generated, or hostile) stopped the
whole workspace's check with a RecursionError before the limit.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from assay import parse_document
from assay.grammar.markdown.block_starts import MAX_NESTING
from assay.spec.document import Block, BlockQuote, ListBlock


def _depth(blocks: tuple[Block, ...]) -> int:
    """How deep block quotes and list items nest, walked without recursion."""
    deepest = 0
    todo = [(block, 0) for block in blocks]
    while todo:
        block, level = todo.pop()
        if isinstance(block, BlockQuote):
            todo.extend((inner, level + 1) for inner in block.blocks)
            deepest = max(deepest, level + 1)
        elif isinstance(block, ListBlock):
            for item in block.items:
                todo.extend((inner, level + 1) for inner in item.blocks)
                deepest = max(deepest, level + 1)
    return deepest


def _quotes(depth: int) -> str:
    return "# 1. Deep\n\n" + ">" * depth + " text\n"


def _list(depth: int) -> str:
    return "# 1. Deep\n\n" + "".join("  " * level + "- item\n" for level in range(depth))


def test_at_the_limit_nothing_is_said() -> None:
    for text in (_quotes(MAX_NESTING), _list(MAX_NESTING)):
        parsed = parse_document(text, "a.md")
        assert parsed.diagnostics == ()
        assert parsed.value is not None
        assert _depth(parsed.value.sections[0].blocks) == MAX_NESTING


def test_past_the_limit_the_first_marker_read_as_text_is_reported() -> None:
    quotes = parse_document(_quotes(MAX_NESTING + 5), "q.md")
    [finding] = quotes.diagnostics
    assert (finding.code, finding.severity) == ("DOC013", "warning")
    assert (finding.span.line, finding.span.column) == (3, MAX_NESTING + 1)
    assert quotes.value is not None
    assert _depth(quotes.value.sections[0].blocks) == MAX_NESTING

    items = parse_document(_list(MAX_NESTING + 5), "l.md")
    [finding] = items.diagnostics
    assert finding.code == "DOC013"
    # The 101st item's line: two spaces a level, its marker after them.
    assert (finding.span.line, finding.span.column) == (3 + MAX_NESTING, 2 * MAX_NESTING + 1)
    assert items.value is not None
    assert _depth(items.value.sections[0].blocks) == MAX_NESTING


@settings(max_examples=min(settings().max_examples, 50), deadline=None)
@given(depths=st.lists(st.integers(0, MAX_NESTING + 20), min_size=1, max_size=6))
def test_nesting_is_cut_at_the_limit_whatever_the_mix(depths: list[int]) -> None:
    """Quotes and items mixed to random depths: the reading never nests past the
    limit, and says so exactly when a line asked for more."""
    lines = ["# 1. Mixed", ""]
    for depth in depths:
        lines.append("".join("> " if level % 2 else "- " for level in range(depth)) + "x")
        lines.append("")
    parsed = parse_document("\n".join(lines), "m.md")
    assert parsed.value is not None
    assert _depth(parsed.value.sections[0].blocks) <= MAX_NESTING
    assert any(d.code == "DOC013" for d in parsed.diagnostics) == (max(depths) > MAX_NESTING)


def test_a_workspace_with_such_a_file_is_checked(tmp_path: Path) -> None:
    """The crash this limit removes: a file nested 5,000 deep in a workspace."""
    record = "# 1. Keep\n\nStatus: Accepted\n\n## Context\n\nc\n\n## Decision\n\nd\n"
    (tmp_path / "docs/adr").mkdir(parents=True)
    (tmp_path / "docs/adr/0001-keep.md").write_text(record)
    deep = record.replace("# 1. Keep", "# 2. Deep").replace("\nc\n", "\n" + ">" * 5000 + " c\n")
    (tmp_path / "docs/adr/0002-deep.md").write_text(deep)
    (tmp_path / "assay.toml").write_text("")
    ran = subprocess.run(
        [sys.executable, "-m", "assay", "check", "--no-cache"],
        cwd=tmp_path, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert ran.returncode == 0, ran.stderr
    assert "docs/adr/0002-deep.md:7:101: DOC013 [warning]" in ran.stdout
