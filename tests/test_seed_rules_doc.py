"""docs/reference/seed-rules.md stays true: its quotes are the seeds' own words, every
rule sentence of each seed has its row, and every code and test it names exists.

The seeds are copied byte for byte into tests/fixtures/seeds/: the tests never read the
shared folder they came from.
"""

from __future__ import annotations

import ast
import functools
import html
import re
from pathlib import Path

import attrs
import pytest

from assay.engine.checks.registry import RULES

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "reference" / "seed-rules.md"
FIXTURES = ROOT / "tests" / "fixtures" / "seeds"


@attrs.frozen
class Seed:
    """A seed, the page's section for it, and how to find its rule sentences."""

    file: str
    heading: str  #: the page's `## ` heading of this seed
    sections: tuple[str, ...]  #: the seed's section heading lines, as written
    #: The sections whose every sentence is quoted on the page; the others (context,
    #: alternatives) only motivate the decision, and one row may group them.
    rules: tuple[str, ...]


SEEDS = (
    Seed(
        file="003_2d1e3bea95390480.txt",
        heading="## ADR 097: analysis runs",
        sections=("Context", "Decision", "Considered alternatives", "Consequences"),
        rules=("Decision", "Consequences"),
    ),
    Seed(
        file="002_86d9057eefabe1b6.txt",
        heading="## Task context and evaluation evidence",
        sections=(
            "Scope",
            "Context",
            "Decision",
            "Consequences",
            "Alternatives considered",
            "Verification or enforcement",
        ),
        rules=("Scope", "Decision", "Consequences", "Verification or enforcement"),
    ),
    Seed(
        file="000_240b4fe6d2ce617e.txt",
        heading="## ADR 0001: evidence routes and the tool protocol",
        sections=(
            "## Context",
            "## Decision",
            "## Why this matters",
            "## Consequences",
            "## Rejected alternatives",
            "## Implementation evidence",
        ),
        rules=("## Decision", "## Why this matters", "## Consequences", "## Rejected alternatives"),
    ),
)

#: A record's own metadata line (`Date: … Status: …`): a field, not a sentence.
_METADATA = re.compile(r"(Date|Status|Type|- Status|- Version): ")
_BULLET = re.compile(r"(?:[-*•]|\d+\.)\s+")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
_QUOTE = re.compile(r"“([^”]*)”")
_TEST = re.compile(r"\btests/[\w/]+\.py::\w+(?:\[[^\]]*\])?")
_CODE = re.compile(r"\b[A-Z]{3}[0-9]{3}\b")
_CODE_LINK = re.compile(r"\[([A-Z]{3}[0-9]{3})\]\(rules/([^)]*)\)")


def _words(text: str) -> str:
    """``text`` with its runs of whitespace made one space."""
    return " ".join(text.split())


def sections_of(text: str, headings: tuple[str, ...]) -> dict[str, str]:
    """The text under each heading line (a line equal to one of ``headings``)."""
    found: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in text.splitlines():
        if line.strip() in headings:
            current = found.setdefault(line.strip(), [])
        elif current is not None:
            current.append(line)
    return {name: "\n".join(lines) for name, lines in found.items()}


def sentences_of(section: str) -> list[str]:
    """The sentences of a seed section: paragraphs and list items split at `. `; code
    blocks, headings, metadata lines and a line introducing a list (`…:`) left out."""
    units: list[str] = []
    fenced, joining = False, False
    for raw in section.splitlines():
        line = raw.strip()
        if line.startswith("```"):
            fenced = not fenced
            continue
        if fenced or not line or line.startswith("#") or _METADATA.match(line):
            joining = False
            continue
        bullet = _BULLET.match(line)
        if bullet or not joining:
            units.append(line[bullet.end() :] if bullet else line)
        else:
            units[-1] += " " + line
        joining = True
    found = [_words(s) for unit in units for s in _SENTENCE_END.split(unit)]
    return [s for s in found if s and not s.endswith(":")]


def quotes_of(markdown: str) -> list[str]:
    """The “…” quotes of a page's text, entities decoded, whitespace made single."""
    return [_words(html.unescape(q)) for q in _QUOTE.findall(markdown)]


def misquoted(quotes: list[str], seed_text: str) -> list[str]:
    """The parts of ``quotes`` (split at `…`) that are not the seed's own words."""
    words = _words(seed_text)
    parts = (part.strip() for quote in quotes for part in quote.split("…"))
    return [part for part in parts if part and part not in words]


def unquoted(sentences: list[str], quotes: list[str]) -> list[str]:
    """The ``sentences`` no single quote holds."""
    return [s for s in sentences if not any(s in quote for quote in quotes)]


def page_sections(markdown: str) -> dict[str, str]:
    """The page's text under each `## ` heading, by the heading line."""
    parts = re.split(r"^(?=## )", markdown, flags=re.M)
    return {part.splitlines()[0]: part for part in parts if part.startswith("## ")}


def rows_of(section: str) -> list[list[str]]:
    """The cells of each table row of a page section (header and rule lines left out)."""
    rows = [line for line in section.splitlines() if line.startswith("| ")]
    cells = [[cell.strip() for cell in row.strip().strip("|").split("|")] for row in rows]
    return [c for c in cells if c[0] != "Seed sentence" and not set(c[0]) <= set("-")]


@functools.cache
def defined_names(path: Path) -> frozenset[str]:
    """The names of the functions a test module defines, at any depth."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return frozenset(
        node.name
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
    )


def missing_tests(markdown: str) -> list[str]:
    """The `tests/…::name` the page cites that no test module defines."""
    missing = []
    for cited in _TEST.findall(markdown):
        path, _, name = cited.partition("::")
        name = name.partition("[")[0]
        module = ROOT / path
        exists = module.is_file() and name in defined_names(module)
        if not (name.startswith("test") and exists):
            missing.append(cited)
    return missing


@pytest.fixture(scope="module")
def page() -> str:
    return PAGE.read_text(encoding="utf-8")


def test_the_page_is_in_the_reference_navigation() -> None:
    """The page is built beside the other reference pages."""
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert re.search(r"^ +- .*: reference/seed-rules\.md$", nav, re.M)


@pytest.mark.parametrize("seed", SEEDS, ids=[s.file for s in SEEDS])
def test_each_seed_has_its_table(seed: Seed, page: str) -> None:
    """All three seeds have a section of the page, with a row per sentence quoted."""
    section = page_sections(page).get(seed.heading)
    assert section is not None, f"no `{seed.heading}` section"
    assert len(rows_of(section)) >= 10
    assert all(len(cells) == 4 for cells in rows_of(section))


@pytest.mark.parametrize("seed", SEEDS, ids=[s.file for s in SEEDS])
def test_quotes_are_the_seeds_own_words(seed: Seed, page: str) -> None:
    """A quote (or each part of one cut with `…`) is text of its seed, exactly."""
    text = (FIXTURES / seed.file).read_text(encoding="utf-8")
    assert misquoted(quotes_of(page_sections(page)[seed.heading]), text) == []


@pytest.mark.parametrize("seed", SEEDS, ids=[s.file for s in SEEDS])
def test_every_rule_sentence_is_quoted(seed: Seed, page: str) -> None:
    """Each sentence of the seed's decision and consequences is in some row's quote."""
    text = (FIXTURES / seed.file).read_text(encoding="utf-8")
    sections = sections_of(text, seed.sections)
    assert set(sections) == set(seed.sections), "the seed's sections were not all found"
    sentences = [s for name in seed.rules for s in sentences_of(sections[name])]
    assert len(sentences) >= 10
    assert unquoted(sentences, quotes_of(page_sections(page)[seed.heading])) == []


def test_every_row_names_its_tests_or_says_why_not(page: str) -> None:
    """A row without a test says that it is no behaviour, or what is not enforced."""
    for seed in SEEDS:
        for cells in rows_of(page_sections(page)[seed.heading]):
            if not _TEST.search(cells[3]):
                text = " ".join(cells).lower()
                assert "not enforced" in text or "no behaviour" in text, cells[0]


def test_every_test_cited_exists(page: str) -> None:
    """Each `tests/…::name` is a test function its module defines."""
    assert _TEST.search(page)
    assert missing_tests(page) == []


def test_every_code_cited_is_a_rule(page: str) -> None:
    """Each code is in the rule registry (`assay rules`), and links its own page."""
    known = {rule.code for rule in RULES}
    assert sorted(set(_CODE.findall(page)) - known) == []
    for code, target in _CODE_LINK.findall(page):
        assert target == f"{code}.md", (code, target)


def test_the_checks_catch_what_they_are_for() -> None:
    """A misquote, a sentence left out, an unknown test: each is found."""
    seed = "## Decision\n\nKeep A. Keep B.\n\n- Do C\n  always.\n\nRules:\n"
    sentences = sentences_of(sections_of(seed, ("## Decision",))["## Decision"])
    assert sentences == ["Keep A.", "Keep B.", "Do C always."]
    assert unquoted(sentences, ["Keep A. Keep B."]) == ["Do C always."]
    assert misquoted(["Keep A. … Do C", "Keep Z."], seed) == ["Keep Z."]
    assert missing_tests("`tests/test_seed_rules_doc.py::test_nothing_here`") == [
        "tests/test_seed_rules_doc.py::test_nothing_here"
    ]
    assert missing_tests("`tests/test_seed_rules_doc.py::test_every_code_cited_is_a_rule`") == []
