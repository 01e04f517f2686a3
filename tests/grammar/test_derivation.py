"""The block grammar's derivations are remembered per token shape and replayed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from assay import parse_document
from assay.grammar.markdown import derivations
from assay.grammar.markdown.block_starts import MAX_NESTING
from assay.spec.document import BlockQuote

ONE = "# One\n\nalpha\n\n## Two\n\nbeta\n"
OTHER = "# Uno\n\ngamma\n\n## Dos\n\ndelta\n"


@pytest.fixture
def fresh(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, ...]]:
    """A run that has met no shapes yet, its cache in ``tmp_path``; lists what Lark parses."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("ASSAY_NO_CACHE", raising=False)
    monkeypatch.setattr(derivations, "_memo", {})
    monkeypatch.setattr(derivations, "_stored", {})
    monkeypatch.setattr(derivations, "_state", {"loaded": False, "new": 0})
    parsed: list[tuple[str, ...]] = []
    real = derivations.derive

    def counting(types: tuple[str, ...]) -> derivations.Derivation:
        parsed.append(types)
        return real(types)

    monkeypatch.setattr(derivations, "derive", counting)
    return parsed


def test_documents_of_one_shape_keep_their_own_content(fresh: list[tuple[str, ...]]) -> None:
    first = parse_document(ONE, "a.md").value
    second = parse_document(OTHER, "b.md").value
    assert len(fresh) == 1  # the same shape: parsed by Lark once, then replayed
    assert first is not None and second is not None
    assert [s.heading.text for s in first.walk_sections()] == ["One", "Two"]
    assert [s.heading.text for s in second.walk_sections()] == ["Uno", "Dos"]
    assert second.sections[0].blocks[0].text == "gamma"  # type: ignore[union-attr]
    assert second.sections[0].children[0].blocks[0].text == "delta"  # type: ignore[union-attr]


def test_a_deeply_nested_document_is_read_without_recursion() -> None:
    """The grammar and the models take nesting to the reader's limit without Python
    recursion; deeper markers are text (tests/grammar/test_nesting.py)."""
    depth = 2000
    text = "".join("> " * level + "- x\n" for level in range(1, 100, 9)) + ">" * depth + " deep\n"
    doc = parse_document(text, "deep.md").value
    assert doc is not None
    block = doc.preamble[-1]
    levels = 0
    while isinstance(block, BlockQuote):
        levels += 1
        block = block.blocks[-1]
    assert levels == MAX_NESTING
    assert block.text == ">" * (depth - MAX_NESTING) + " deep"  # type: ignore[union-attr]


def test_shapes_met_in_one_run_serve_the_next(fresh: list[tuple[str, ...]]) -> None:
    expected = parse_document(ONE, "a.md").value
    derivations.save()
    derivations._memo.clear()
    derivations._stored.clear()
    derivations._state["loaded"] = False
    assert parse_document(ONE, "a.md").value == expected
    assert len(fresh) == 1  # the second run read the derivation from the file


def test_when_too_many_the_shapes_met_last_are_kept(
    fresh: list[tuple[str, ...]], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(derivations, "KEPT", 2)
    shapes = {"a": "# A\n", "b": "# A\n\n## B\n", "c": "# A\n\n## B\n\n### C\n"}

    def run(*names: str) -> None:
        derivations._memo.clear()
        derivations._stored.clear()
        derivations._state["loaded"] = False
        for name in names:
            parse_document(shapes[name], f"{name}.md")
        derivations.save()

    run("a", "b")
    run("a", "c")  # `a` comes from the file, `c` is new: `b` is the one to drop
    fresh.clear()
    run("a", "c")
    assert fresh == []  # both were kept
    run("b")
    assert len(fresh) == 1  # `b` was dropped


@pytest.mark.parametrize(
    "damage",
    [
        b"not a shape",
        b"\xff\xfe H1 H2\t[]",
        b"H1 H2\tnot json",
        b'H1 H2\t{"a": 1}',
        b'H1 H2\t[["section2", [1]], ["section1", [0, 5]], ["start", [-2]]]',
        b'H1 H2\t[["section2", [1]], ["section1", [0, 0]], ["start", [-2]]]',
        b'H1 H2\t[["section2", [1]], ["section1", [0, -1]], ["nonsense", [-2]]]',
        b'H1 H2\t[["section2", [1]], ["section1", [0, -1]]]',
        b'H1 H2\t[["section2", [1.0]], ["section1", [0, -1]], ["start", [-2]]]',
    ],
)
def test_a_damaged_file_costs_a_parse_not_a_crash(
    fresh: list[tuple[str, ...]], damage: bytes
) -> None:
    expected = parse_document("# A\n\n## B\n", "a.md").value
    derivations.save()
    path = derivations._path()
    assert path is not None  # it was written: the shape, a tab, its derivation
    shape, tab, steps = Path(path).read_text().rstrip("\n").partition("\t")
    assert (shape, tab) == ("H1 H2", "\t") and json.loads(steps)
    Path(path).write_bytes(damage)
    derivations._memo.clear()
    derivations._stored.clear()
    derivations._state["loaded"] = False
    assert parse_document("# A\n\n## B\n", "a.md").value == expected
    assert len(fresh) == 2  # the damaged entry was not used: Lark parsed again
