"""The form checks FRM001-FRM003 on whole workspaces: boundaries, fields, the title,
and the built-in analysis types (`use analysis`) that ADR 097 asks them for."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assay.engine.checks import blockers_form, length_out_of_range, sentence_count
from assay.engine.checks.blockers_form import form_error
from assay.engine.reading.read import read
from assay.engine.reading.vocabulary import Vocabulary
from assay.engine.runner.run import check
from assay.engine.workspace.config import load_config
from assay.engine.workspace.document_context import DocumentContext
from assay.engine.workspace.links import FileIndex
from assay.engine.workspace.types import builtin_type
from assay.grammar.markdown.document import parse_document
from assay.spec.diagnostics import Diagnostic
from tests.grammar.markdown_strategies import documents

SPEC = """
type overview {
    files "runs/*/overview.md"
    title optional { length 3..40 }
    field "Owner" optional { length 2..10 }
    field "Blocked by" optional { form none-or-list }
    section "Description" optional { sentences 1  length 50..250 }
    section "Findings" optional { sentences 2 }
    section "Blockers" optional { form none-or-list }
}
"""


def _run(
    tmp_path: Path, body: str, spec: str = SPEC, name: str = "overview.md"
) -> list[Diagnostic]:
    (tmp_path / "assay").mkdir(exist_ok=True)
    (tmp_path / "assay" / "forms.assay").write_text(spec, encoding="utf-8")
    (tmp_path / "assay.toml").write_text('specs = ["assay/*.assay"]\n', encoding="utf-8")
    run = tmp_path / "runs" / "billing"
    run.mkdir(parents=True, exist_ok=True)
    (run / name).write_text(body, encoding="utf-8")
    result = check(load_config(tmp_path))
    assert not [d for d in result.diagnostics if d.code.startswith(("SPC", "INT"))]
    return [d for d in result.diagnostics if d.code.startswith("FRM")]


def _section(name: str, text: str) -> str:
    return f"# Billing\n\n## {name}\n\n{text}\n"


def _codes(found: list[Diagnostic]) -> list[str]:
    return [d.code for d in found]


# -- FRM001 -------------------------------------------------------------------------

_LONG = "The billing service charges every card once a night and retries failures"


@pytest.mark.parametrize(
    "text",
    [
        f"{_LONG}.",
        f"{_LONG}, e.g. twice, i.e. at 02.30 vs. 03.00, etc. as Dr. J. Smith wrote.",
        f"{_LONG} on v1.2.3 and Python 3.11 with a 2.5 s wait.",
        f"{_LONG} per https://x.org/a.b and example.com in `run.toml`.",
        f"{_LONG}\nover two lines of one sentence.",
    ],
)
def test_one_sentence_passes(tmp_path: Path, text: str) -> None:
    assert _run(tmp_path, _section("Description", text)) == []


def test_two_sentences_fail_at_the_second(tmp_path: Path) -> None:
    found = _run(tmp_path, _section("Description", f"{_LONG}. It also **sends** receipts."))
    assert _codes(found) == ["FRM001"]
    (diagnostic,) = found
    assert (diagnostic.span.line, diagnostic.span.column) == (5, len(_LONG) + 3)
    assert "holds 2 sentences; it must hold 1" in diagnostic.message
    assert "`It also sends receipts.`" in diagnostic.message


def test_an_extra_sentence_on_its_own_line_is_placed(tmp_path: Path) -> None:
    found = _run(tmp_path, _section("Description", f"{_LONG}.\n\n[Second](x.md) one here."))
    assert [(d.code, d.span.line, d.span.column) for d in found] == [("FRM001", 7, 1)]


def test_too_few_sentences_point_at_the_body(tmp_path: Path) -> None:
    found = _run(tmp_path, _section("Findings", "Only one finding."))
    assert [(d.code, d.span.line, d.span.column) for d in found] == [("FRM001", 5, 1)]
    assert "holds 1 sentence; it must hold 2" in found[0].message


def test_an_empty_or_placeholder_section_is_left_to_doc007(tmp_path: Path) -> None:
    assert _run(tmp_path, _section("Findings", "<!-- write them -->")) == []
    assert _run(tmp_path, _section("Findings", "TBD")) == []


# -- FRM002 -------------------------------------------------------------------------


def _of_length(length: int) -> str:
    """One sentence of ``length`` characters, with markup that does not count."""
    text = "A **bold** start"  # 12 characters read
    return text + "x" * (length - 13) + "."


@pytest.mark.parametrize(
    ("length", "codes"), [(49, ["FRM002"]), (50, []), (250, []), (251, ["FRM002"])]
)
def test_description_length_boundaries(tmp_path: Path, length: int, codes: list[str]) -> None:
    found = _run(tmp_path, _section("Description", _of_length(length)))
    assert _codes(found) == codes
    if codes:
        assert found[0].message == f"`Description` is {length} characters; it must be 50 to 250"
        assert (found[0].span.line, found[0].span.column) == (5, 1)


def test_length_counts_code_points_of_the_plain_text(tmp_path: Path) -> None:
    # 50 code points, accents and all, far more bytes; a comment and a link URL too.
    text = "Ça coûte é" + "é" * 39 + "." + " <!-- not counted -->"
    assert _run(tmp_path, _section("Description", text)) == []
    assert _codes(_run(tmp_path, _section("Description", text[:10] + text[11:]))) == ["FRM002"]


def test_field_length(tmp_path: Path) -> None:
    found = _run(tmp_path, "# Billing\n\nOwner: a\n")
    assert [(d.code, d.span.line, d.message) for d in found] == [
        ("FRM002", 3, "`Owner` is 1 character; it must be 2 to 10")
    ]
    assert _run(tmp_path, "# Billing\n\nOwner: ab\n") == []
    assert _codes(_run(tmp_path, "# Billing\n\nOwner: abcdefghijk\n")) == ["FRM002"]


def test_title_length(tmp_path: Path) -> None:
    found = _run(tmp_path, "# Bi\n")
    assert [(d.code, d.span.line, d.message) for d in found] == [
        ("FRM002", 1, "the title is 2 characters; it must be 3 to 40")
    ]
    assert _run(tmp_path, "# Bil\n") == []


def test_open_bounds(tmp_path: Path) -> None:
    spec = """
    type o {
        files "runs/*/overview.md"
        section "A" optional { length ..5 }
        section "B" optional { length 5.. }
    }
    """
    found = _run(tmp_path, "# T\n\n## A\n\nsix ch\n\n## B\n\nfour\n", spec=spec)
    assert [d.message for d in found] == [
        "`A` is 6 characters; it must be at most 5",
        "`B` is 4 characters; it must be at least 5",
    ]


# -- FRM003 -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "none",
        "  none  ",
        "<!-- none or a list -->\nnone",
        "- a",
        "- one\n- two",
        "- one\n  continued\n- two\n\n- three",
        "- one\nlazily continued\n- two",
        "- one\n\n  second paragraph\n\n      code\n\n  * nested star list\n  1. nested ordered",
    ],
)
def test_blockers_pass(tmp_path: Path, text: str) -> None:
    assert _run(tmp_path, _section("Blockers", text)) == []


@pytest.mark.parametrize(
    ("text", "line", "found"),
    [
        ("None found", 5, "None found"),
        ("None", 5, "None"),
        ("none.", 5, "none."),
        ("NONE", 5, "NONE"),
        ("* a", 5, "* a"),
        ("+ a", 5, "+ a"),
        ("1. a", 5, "1. a"),
        ("-a", 5, "-a"),
        ("Some text first.\n\n- a", 5, "Some text first."),
        ("- a\n\nThen a paragraph.", 7, "Then a paragraph."),
        ("- a\n* b", 6, "* b"),
        ("- a\n\n#### Sub-heading\n\nx", 7, "#### Sub-heading"),
        ("none\n\n- a", 5, "none"),
    ],
)
def test_blockers_fail(tmp_path: Path, text: str, line: int, found: str) -> None:
    diagnostics = _run(tmp_path, _section("Blockers", text))
    assert [(d.code, d.span.line, d.span.column) for d in diagnostics] == [("FRM003", line, 1)]
    assert diagnostics[0].message == (
        f"Blockers must be exactly `none` or a list of `- ` entries; found `{found}`"
    )


def test_empty_blockers_are_left_to_doc007(tmp_path: Path) -> None:
    assert _run(tmp_path, "# Billing\n\n## Blockers\n\n## Findings\n\nOne. Two.\n") == []


def test_blockers_field(tmp_path: Path) -> None:
    assert _run(tmp_path, "# Billing\n\nBlocked by: none\n") == []
    found = _run(tmp_path, "# Billing\n\nBlocked by: None found\n")
    assert [(d.code, d.span.line) for d in found] == [("FRM003", 3)]


def test_blockers_with_a_bom_and_crlf(tmp_path: Path) -> None:
    body = "\ufeff# Billing\r\n\r\n## Blockers\r\n\r\n- é\r\nNone\r\n\r\n* b\r\n"
    found = _run(tmp_path, body)
    assert [(d.code, d.span.line, d.span.column) for d in found] == [("FRM003", 8, 1)]


# -- The built-in analysis types ------------------------------------------------------

ANALYSIS = """
use analysis
type o extends overview { files "runs/*/overview.md" }
type v extends verification { files "runs/*/verify.md" }
"""


def _overview(description: str) -> str:
    return (
        f"# Billing\n\n## Description\n\n{description}\n\n## Bounded synthesis\n\n"
        "The service charges cards nightly.\n\n## Limitations\n\nOnly the API was read.\n"
    )


def test_the_analysis_overview(tmp_path: Path) -> None:
    good = "The billing service charges every card once a night and retries failures."
    assert _run(tmp_path, _overview(good), spec=ANALYSIS) == []
    short = _run(tmp_path, _overview("Too short. Two."), spec=ANALYSIS)
    assert sorted(_codes(short)) == ["FRM001", "FRM002"]


@pytest.mark.parametrize(
    ("blockers", "codes"), [("none", []), ("- a", []), ("None found", ["FRM003"])]
)
def test_the_analysis_verification(tmp_path: Path, blockers: str, codes: list[str]) -> None:
    body = f"# Billing: verification\n\n### Blockers\n\n{blockers}\n"
    assert _codes(_run(tmp_path, body, spec=ANALYSIS, name="verify.md")) == codes


# -- Arbitrary input ------------------------------------------------------------------

_FORM_CHECKS = (sentence_count.check, length_out_of_range.check, blockers_form.check)
_TYPES = {name: Vocabulary(builtin_type(name)) for name in ("overview", "verification")}
_HEADINGS = st.sampled_from(["## Description\n\n", "### Blockers\n\n", "Blockers\n\n", ""])


@given(
    st.lists(st.tuples(_HEADINGS, st.one_of(st.text(), documents())), max_size=3),
    st.sampled_from(sorted(_TYPES)),
    st.booleans(),
)
def test_the_form_checks_never_raise(
    parts: list[tuple[str, str]], type_name: str, bom: bool
) -> None:
    """Any text under the analysis types' form constraints: findings, never a crash,
    and every finding on a line of the document."""
    text = "# Run\n\n" + "\n\n".join(heading + body for heading, body in parts)
    raw = ("\ufeff" if bom else "") + text
    parsed = parse_document(raw.encode("utf-8", "surrogatepass"), "runs/x/overview.md")
    document = parsed.value
    if document is None:
        return
    words = _TYPES[type_name]
    context = DocumentContext(
        path="runs/x/overview.md",
        text=text,
        document=document,
        type=words.type,
        reading=read(document, text, words),
        files=FileIndex.build(["runs/x/overview.md"]),
    )
    lines = text.count("\n") + text.count("\r") + 1
    for rule in _FORM_CHECKS:
        for finding in rule.run(context):  # type: ignore[arg-type]
            assert 1 <= finding.span.line <= lines, (rule.code, finding)


@given(st.text())
def test_form_error_stays_inside_the_text(text: str) -> None:
    found = form_error(text)
    if found is not None:
        start, end = found
        assert 0 <= start < end <= len(text)
        assert text[start:end].strip()
