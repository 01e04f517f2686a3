"""Resolving types: lineage, merging along `extends`, and one definition per type name."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import jsonschema
import pytest

from assay.engine.workspace.types import builtin_type, resolve_types
from assay.grammar.spec import parse_spec
from assay.spec.convert import from_json_value, to_json_value
from assay.spec.library import library_path
from assay.spec.schema import schema_for
from assay.spec.source import Span
from assay.spec.specfile import FieldDecl, RelationDecl, SectionDecl, SpecFile, TypeDecl
from assay.spec.types import DocumentType, TypeSet

EXAMPLE = Path(__file__).parents[2] / "examples" / "assay" / "decisions.assay"


def spec(text: str, path: str = "specs/a.assay") -> SpecFile:
    parsed = parse_spec(text, path)
    assert parsed.diagnostics == ()
    assert parsed.value is not None
    return parsed.value


def resolved(*texts: str) -> TypeSet:
    """The types of specs ``a.assay``, ``b.assay``, ... that must resolve cleanly."""
    specs = [spec(t, f"specs/{chr(97 + i)}.assay") for i, t in enumerate(texts)]
    result = resolve_types(specs)
    assert result.diagnostics == ()
    assert result.value is not None
    return result.value


def names(members: Sequence[FieldDecl | SectionDecl | RelationDecl]) -> list[str]:
    return [m.name for m in members]


# ---- built-in types -------------------------------------------------------------------


def test_builtin_adr_is_a_root_type_of_its_library() -> None:
    """adr has no base: its lineage is itself, and it says where it was declared."""
    adr = builtin_type("adr")
    assert (adr.name, adr.library, adr.lineage) == ("adr", "adr", ("adr",))
    assert adr.spec_path == library_path("adr")
    assert adr.files == ()
    assert adr.title is not None
    assert names(adr.sections) == [
        "Context",
        "Decision",
        "Consequences",
        "Alternatives",
        "Status",
        "Links",
    ]


def test_builtin_madr_merges_into_adr_by_alias_keeping_positions() -> None:
    """madr's sections take the places of the adr sections they share a name or alias with."""
    madr = builtin_type("madr")
    assert (madr.library, madr.lineage) == ("madr", ("madr", "adr"))
    assert madr.spec_path == library_path("madr")
    assert names(madr.sections) == [
        "Context and Problem Statement",  # replaces Context (alias Context)
        "Decision Outcome",  # replaces Decision (alias Decision)
        "Consequences",  # replaces Consequences (same name)
        "Considered Options",  # replaces Alternatives (its alias)
        "Status",  # inherited
        "Links",  # inherited
        "Decision Drivers",  # new, in madr's order
        "Pros and Cons of the Options",  # adr's Alternatives is taken already: new
        "More Information",
    ]
    assert [(f.name, f.presence.kind) for f in madr.fields] == [
        ("Status", "optional"),
        ("Date", "optional"),
        ("Deciders", "optional"),
    ]
    assert madr.relations == builtin_type("adr").relations
    assert madr.title == builtin_type("adr").title


@pytest.mark.parametrize("name", ["overview", "boundary", "memory", "verification"])
def test_builtin_analysis_types(name: str) -> None:
    """Each analysis type resolves from the analysis library."""
    found = builtin_type(name)
    assert (found.name, found.library, found.lineage) == (name, "analysis", (name,))


def test_unknown_builtin_type_is_a_key_error() -> None:
    """A name no library exports is not silently an empty type."""
    with pytest.raises(KeyError):
        builtin_type("decision")


# ---- merging --------------------------------------------------------------------------


def test_child_section_replaces_base_section_it_aliases() -> None:
    """A child section named like a base alias replaces that base section in place."""
    types = resolved(
        "use adr\ntype decision extends adr {\n"
        '  files "docs/decisions/*.md"\n'
        "  section Background required\n"
        '  section "Threat model" optional\n'
        "}"
    )
    decision = types["decision"]
    assert decision.lineage == ("decision", "adr")
    assert decision.library is None
    assert decision.spec_path == "specs/a.assay"
    assert decision.files == ("docs/decisions/*.md",)
    assert names(decision.sections)[0] == "Background"
    assert names(decision.sections)[-1] == "Threat model"
    assert "Context" not in names(decision.sections)
    assert decision.title == builtin_type("adr").title  # inherited


def test_child_matching_two_base_members_takes_the_first_place() -> None:
    """One name or alias still belongs to one member: the second match goes."""
    types = resolved(
        "type base { section A required section B optional section C optional }\n"
        "type child extends base { section b required { aliases a } }"
    )
    sections = types["child"].sections
    assert names(sections) == ["b", "C"]
    assert sections[0].presence.kind == "required"


def test_fields_and_relations_merge_by_folded_name() -> None:
    """Case and spacing do not matter; the child's declaration wins in the base's place."""
    types = resolved(
        "type base { field Status required field Date optional\n"
        '  relation "Superseded by" inverse Supersedes relation Amends }\n'
        'type child extends base { field status optional relation "superseded  BY"\n'
        '  relation "See also" }'
    )
    child = types["child"]
    assert [(f.name, f.presence.kind) for f in child.fields] == [
        ("status", "optional"),
        ("Date", "optional"),
    ]
    assert [(r.name, r.inverse) for r in child.relations] == [
        ("superseded  BY", None),
        ("Amends", None),
        ("See also", None),
    ]


def test_local_chain_lineage_files_and_title_come_from_the_nearest() -> None:
    """A chain within one file, in any order; files and title from the nearest declarer."""
    types = resolved(
        "type c extends b { section Z optional }\n"
        'type b extends a { files "b/*.md" title optional }\n'
        'type a { files "a/*.md" title required { length 1..9 } section X required }'
    )
    c = types["c"]
    assert c.lineage == ("c", "b", "a")
    assert c.files == ("b/*.md",)
    assert c.title is not None
    assert c.title.presence.kind == "optional"
    assert c.title.length is None
    assert names(c.sections) == ["X", "Z"]
    assert types["a"].files == ("a/*.md",)


def test_hand_built_cycle_stops_instead_of_looping() -> None:
    """parse_spec rejects cycles; a model built by hand still resolves without recursing."""
    span = Span(0, 0, 1, 1, 1, 1)
    looped = SpecFile(
        path="hand.assay",
        types=(
            TypeDecl(name="a", extends="b", span=span, name_span=span),
            TypeDecl(name="b", extends="a", span=span, name_span=span),
        ),
    )
    types = resolve_types([looped]).value
    assert types is not None
    assert types["a"].lineage == ("a", "b")


def test_hand_built_chain_past_the_recursion_limit_resolves_each_type_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """parse_spec bounds chains (SPC007); a model built by hand still resolves, linearly."""
    from assay.engine.workspace import types as resolving

    span = Span(0, 0, 1, 1, 1, 1)
    length = 3000
    chain = [TypeDecl(name="t0", span=span, name_span=span)]
    chain += [
        TypeDecl(name=f"t{i}", extends=f"t{i - 1}", span=span, name_span=span)
        for i in range(1, length)
    ]
    derived: list[str] = []
    real_derive = resolving._derive

    def counting(decl: TypeDecl, *rest: object) -> DocumentType:
        derived.append(decl.name)
        return real_derive(decl, *rest)  # type: ignore[arg-type]

    monkeypatch.setattr(resolving, "_derive", counting)
    # Deepest first: a resolver without memory would derive the chain again for each type.
    types = resolve_types([SpecFile(path="hand.assay", types=tuple(reversed(chain)))]).value
    assert types is not None
    assert len(types[f"t{length - 1}"].lineage) == length
    assert sorted(derived) == sorted(t.name for t in chain)


# ---- the type set ---------------------------------------------------------------------


def test_type_set_holds_user_types_and_what_use_imports() -> None:
    """Used libraries' exported types join the set; their own bases do not."""
    types = resolved("use madr\nuse analysis\ntype decision extends madr {}")
    assert list(types) == [
        "decision",
        "madr",
        "run",
        "boundary",
        "runtime",
        "memory",
        "epistemic",
        "overview",
        "verification",
    ]
    assert len(types) == 9
    assert "adr" not in types
    assert types.get("adr") is None
    assert types["madr"] == builtin_type("madr")


def test_derives_from_follows_lineage() -> None:
    """A type derives from itself and every base, through libraries too."""
    types = resolved("use madr\nuse analysis\ntype decision extends madr {}")
    assert types.derives_from("decision", "adr")
    assert types.derives_from("decision", "madr")
    assert types.derives_from(types["madr"], "adr")
    assert types.derives_from("overview", "overview")
    assert not types.derives_from("overview", "adr")
    assert not types.derives_from("nowhere", "adr")


def test_same_library_used_in_two_files_is_fine() -> None:
    """Two files may both `use adr`; the type is the same built-in."""
    types = resolved("use adr\ntype x extends adr {}", "use adr\ntype y extends adr {}")
    assert types.derives_from("x", "adr")
    assert types.derives_from("y", "adr")


def test_type_defined_in_two_files_is_spc003_at_the_second() -> None:
    """The second definition is reported at its name, naming the first file and line."""
    first = spec("\n\ntype decision { section A required }", "specs/a.assay")
    second = spec("type other {}\ntype decision {}", "specs/b.assay")
    result = resolve_types([first, second])
    assert not result.ok
    (problem,) = result.diagnostics
    assert (problem.code, problem.name, problem.path) == (
        "SPC003",
        "duplicate-definition",
        "specs/b.assay",
    )
    assert (problem.span.line, problem.span.column) == (2, 6)
    assert "specs/a.assay on line 3" in problem.message
    assert result.value is not None
    assert names(result.value["decision"].sections) == ["A"]  # the first one is kept


def test_user_type_named_like_a_builtin_another_file_imports_is_spc003() -> None:
    """`type adr` in one file and `use adr` in another would make `adr` ambiguous."""
    user = spec("type adr {}", "specs/a.assay")
    other = spec("use adr", "specs/b.assay")
    result = resolve_types([user, other])
    (problem,) = result.diagnostics
    assert (problem.code, problem.path, problem.span.line) == ("SPC003", "specs/a.assay", 1)
    assert "`use adr`" in problem.message
    assert "specs/b.assay line 1" in problem.message


def test_no_specs_is_an_empty_type_set() -> None:
    """Nothing declared, nothing imported."""
    result = resolve_types([])
    assert result.ok
    assert result.value == TypeSet({})


def test_example_spec_resolves() -> None:
    """The shipped example resolves, and its decision type is an adr."""
    example = spec(EXAMPLE.read_text(encoding="utf-8"), "examples/assay/decisions.assay")
    types = resolve_types([example])
    assert types.ok
    assert types.value is not None
    assert types.value.derives_from("decision", "adr")


# ---- JSON -----------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["adr", "madr", "overview", "consultation"])
def test_document_type_round_trips_and_matches_its_schema(name: str) -> None:
    """A resolved type survives the converter and validates against its JSON Schema."""
    value = to_json_value(builtin_type(name))
    schema = schema_for(DocumentType, title="document type", identifier="urn:assay:type")
    jsonschema.validate(value, schema)
    assert from_json_value(value, DocumentType) == builtin_type(name)
