"""Good specs parse into the expected models (snapshots), byte-exact, CRLF or not."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from syrupy.assertion import SnapshotAssertion
from syrupy.extensions.json import JSONSnapshotExtension

from assay.grammar.spec import parse_spec
from assay.spec.convert import from_json_value, to_json_value
from assay.spec.specfile import SpecFile

CASES = Path(__file__).parent / "cases" / "spec"
CASE_FILES = sorted(CASES.glob("*.assay"))
REFERENCE = Path(__file__).parents[2] / "docs" / "reference" / "spec-language.md"
GRAMMAR = Path(__file__).parents[2] / "src" / "assay" / "grammar" / "spec" / "spec.lark"


def read(path: Path) -> str:
    # Decoding the bytes keeps CRLF as written, so spans are checked against the real bytes.
    return path.read_bytes().decode("utf-8")


def parse_ok(text: str, path: str = "spec.assay") -> SpecFile:
    parsed = parse_spec(text, path)
    assert parsed.diagnostics == ()
    assert parsed.value is not None
    return parsed.value


def without_spans(value: Any) -> Any:
    """A JSON value with every span removed, to compare models across line endings."""
    if isinstance(value, dict):
        return {k: without_spans(v) for k, v in value.items() if not k.endswith("span")}
    if isinstance(value, list):
        return [without_spans(v) for v in value]
    return value


def spans(value: Any) -> list[dict[str, int]]:
    """Every span in a JSON value."""
    if isinstance(value, dict):
        found = [v for k, v in value.items() if k.endswith("span") and v is not None]
        return found + [s for v in value.values() for s in spans(v)]
    if isinstance(value, list):
        return [s for v in value for s in spans(v)]
    return []


@pytest.fixture
def snapshot_json(snapshot: SnapshotAssertion) -> SnapshotAssertion:
    """Snapshots stored as JSON files, one per case, reviewable as diffs."""
    return snapshot.use_extension(JSONSnapshotExtension)


@pytest.mark.parametrize("case", CASE_FILES, ids=lambda p: p.stem)
def test_case_model(case: Path, snapshot_json: SnapshotAssertion) -> None:
    """Each good case parses without diagnostics into the snapshotted model."""
    model = parse_ok(read(case), f"specs/{case.name}")
    assert to_json_value(model) == snapshot_json


@pytest.mark.parametrize("case", CASE_FILES, ids=lambda p: p.stem)
def test_case_round_trips(case: Path) -> None:
    """The model survives the JSON converter both ways."""
    model = parse_ok(read(case))
    assert from_json_value(to_json_value(model), SpecFile) == model


@pytest.mark.parametrize("case", CASE_FILES, ids=lambda p: p.stem)
def test_crlf_reads_like_lf(case: Path) -> None:
    """Swapping LF for CRLF (or back) changes spans only, never the model."""
    text = read(case)
    lf = text.replace("\r\n", "\n")
    crlf = lf.replace("\n", "\r\n")
    assert without_spans(to_json_value(parse_ok(lf))) == without_spans(
        to_json_value(parse_ok(crlf))
    )


@pytest.mark.parametrize("case", CASE_FILES, ids=lambda p: p.stem)
def test_spans_lie_inside_the_text(case: Path) -> None:
    """Every span of a good case is ordered and within the file's bytes."""
    text = read(case)
    size = len(text.encode())
    for span in spans(to_json_value(parse_ok(text))):
        assert 0 <= span["start"] <= span["end"] <= size
        assert (span["line"], span["column"]) <= (span["end_line"], span["end_column"])


def test_crlf_case_really_has_crlf() -> None:
    """The CRLF fixture keeps its line endings (a checkout that rewrote them would hide bugs)."""
    assert b"\r\n" in (CASES / "crlf.assay").read_bytes()


def test_name_spans_are_byte_exact_for_non_ascii() -> None:
    """A name span slices the UTF-8 bytes to exactly the name as written, quotes included."""
    text = read(CASES / "crlf.assay")
    model = parse_ok(text)
    data = text.encode()
    section = model.types[0].sections[0]
    assert section.name == "Überblick"
    assert data[section.name_span.start : section.name_span.end] == '"Überblick"'.encode()
    alias = section.aliases[0]
    assert data[alias.span.start : alias.span.end] == '"Übersicht"'.encode()
    line = text.splitlines()[5]
    assert (alias.span.line, alias.span.column) == (6, line.index('"Übersicht"') + 1)


def test_bom_shifts_spans_by_its_bytes() -> None:
    """A leading BOM is skipped and counted in byte offsets, not in columns."""
    model = parse_ok("\ufeffuse adr\n")
    span = model.uses[0].name_span
    assert (span.start, span.end, span.line, span.column) == (7, 10, 1, 5)


def test_strings_keep_backslashes_but_unescape_quotes() -> None:
    """`\\"` is a quote; every other backslash stays, so patterns read as written."""
    model = parse_ok(r'type t { field "A \"B\"" optional { format pattern "^\d+\\.\"$" } }')
    field = model.types[0].fields[0]
    assert field.name == 'A "B"'
    assert field.format is not None
    assert field.format.pattern == r'^\d+\\."$'


def test_names_may_be_bare_words_or_quoted() -> None:
    """`field Status` and `field "Status"` declare the same field."""
    bare = parse_ok("type t { field Status required }")
    quoted = parse_ok('type t { field "Status" required }')
    assert bare.types[0].fields[0].name == quoted.types[0].fields[0].name == "Status"


def test_digest_is_stored_lowercase_with_its_span() -> None:
    """A sha256 is kept lowercase, and its span covers the quoted digest for pin renewal."""
    digest = "AB" * 32
    text = f'declaration d version 1 {{ primary "a" sha256 "{digest}" }}'
    source = parse_ok(text).declarations[0].sources[0]
    assert source.sha256 == digest.lower()
    assert source.sha256_span is not None
    assert text[source.sha256_span.start : source.sha256_span.end] == f'"{digest}"'


def test_length_bounds_may_be_open() -> None:
    """`length 50..`, `..250` and `50..250` set the bounds they name and leave the rest open."""
    model = parse_ok(
        "type t { section a required { length 50.. } section b required { length ..250 }"
        " section c required { length 50..250 } }"
    )
    bounds = [(s.length.min, s.length.max) for s in model.types[0].sections if s.length]
    assert bounds == [(50, None), (None, 250), (50, 250)]


def test_relation_with_and_without_inverse() -> None:
    """`relation NAME [inverse NAME]` keeps both names as written, with their spans."""
    text = 'type t { relation "Superseded by" inverse Supersedes relation "See also" }'
    with_inverse, plain = parse_ok(text).types[0].relations
    assert (with_inverse.name, with_inverse.inverse) == ("Superseded by", "Supersedes")
    assert with_inverse.inverse_span is not None
    span = with_inverse.inverse_span
    assert text[span.start : span.end] == "Supersedes"
    assert text[with_inverse.name_span.start : with_inverse.name_span.end] == '"Superseded by"'
    assert (plain.name, plain.inverse, plain.inverse_span) == ("See also", None, None)


def test_relation_keywords_stay_names_where_a_name_is_expected() -> None:
    """A relation may be called `inverse` or `relation`: keywords only count where expected."""
    relation = parse_ok("type t { relation inverse inverse relation }").types[0].relations[0]
    assert (relation.name, relation.inverse) == ("inverse", "relation")


def test_relations_mix_with_other_members_in_file_order() -> None:
    """Relations sit among fields and sections in any order and keep their own order."""
    model = parse_ok(
        "type t { relation b section S optional relation a field F required relation c }"
    )
    decl = model.types[0]
    assert [r.name for r in decl.relations] == ["b", "a", "c"]
    assert [s.name for s in decl.sections] == ["S"]
    assert [f.name for f in decl.fields] == ["F"]


def test_a_type_without_relations_has_none() -> None:
    """Relations default to an empty tuple, so older models keep their shape."""
    assert parse_ok("type t { section A required }").types[0].relations == ()


def test_errors_leave_no_model() -> None:
    """A spec with any error returns no model, only diagnostics."""
    parsed = parse_spec("use nowhere", "spec.assay")
    assert parsed.value is None
    assert not parsed.ok
    assert [d.code for d in parsed.diagnostics] == ["SPC002"]


def test_empty_text_is_an_empty_spec() -> None:
    """Empty text (or only comments) is a valid spec that declares nothing."""
    assert parse_ok("") == SpecFile(path="spec.assay")
    assert parse_ok("# nothing yet\n") == SpecFile(path="spec.assay")


def test_reference_page_embeds_the_grammar() -> None:
    """The reference page shows spec.lark exactly as shipped."""
    page = REFERENCE.read_text(encoding="utf-8")
    grammar = GRAMMAR.read_text(encoding="utf-8")
    blocks = re.findall(r"```lark\n(.*?)```", page, flags=re.DOTALL)
    assert blocks == [grammar]


def test_reference_page_examples_parse() -> None:
    """Every `assay` example on the reference page parses without diagnostics."""
    page = REFERENCE.read_text(encoding="utf-8")
    examples = re.findall(r"```assay\n(.*?)```", page, flags=re.DOTALL)
    assert len(examples) >= 5
    for example in examples:
        parsed = parse_spec(example, "reference.assay")
        assert parsed.diagnostics == (), example
