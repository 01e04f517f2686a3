"""The built-in libraries: `.assay` files that parse cleanly and declare what records use."""

from __future__ import annotations

from collections.abc import Iterator
from importlib.resources import files

import pytest

import assay.grammar.spec.library as library_module
from assay.grammar.spec import parse_spec
from assay.grammar.spec.library import LIBRARIES, exported_types, library_of, library_spec
from assay.grammar.spec.values import name_key
from assay.spec.library import library_names, library_path
from assay.spec.specfile import FieldDecl, SectionDecl, TypeDecl

LIBRARY_FOLDER = files("assay.spec") / "library"


def library_type(library: str, name: str) -> TypeDecl:
    """The type ``name`` as the library file declares it (before any merging)."""
    return next(t for t in library_spec(library).types if t.name == name)


def section(decl: TypeDecl, name: str) -> SectionDecl:
    return next(s for s in decl.sections if s.name == name)


def field(decl: TypeDecl, name: str) -> FieldDecl:
    return next(f for f in decl.fields if f.name == name)


# ---- the files ------------------------------------------------------------------------


def test_the_libraries_are_the_shipped_files() -> None:
    """Every `.assay` file in the library folder is a library, and nothing else is."""
    shipped = sorted(p.name for p in LIBRARY_FOLDER.iterdir() if p.name.endswith(".assay"))
    assert shipped == ["adr.assay", "analysis.assay", "consultation.assay", "madr.assay"]
    assert library_names() == ("adr", "analysis", "consultation", "madr")


@pytest.mark.parametrize("library", ["adr", "analysis", "consultation", "madr"])
def test_library_file_parses_without_diagnostics(library: str) -> None:
    """Each library file, read afresh, is a spec without a single diagnostic."""
    text = (LIBRARY_FOLDER / f"{library}.assay").read_text(encoding="utf-8")
    parsed = parse_spec(text, library_path(library))
    assert parsed.diagnostics == ()
    assert parsed.value == library_spec(library)


def test_exported_types_are_the_types_each_library_defines() -> None:
    """`use NAME` brings in exactly the types the library file defines, in file order."""
    assert dict(LIBRARIES) == {
        "adr": ("adr",),
        "analysis": (
            "run",
            "boundary",
            "runtime",
            "memory",
            "epistemic",
            "overview",
            "verification",
        ),
        "consultation": ("consultation",),
        "madr": ("madr",),
    }
    assert exported_types("nowhere") == ()
    assert "adr" in LIBRARIES
    assert "nowhere" not in LIBRARIES
    assert len(LIBRARIES) == 4


def test_unknown_library_is_a_key_error() -> None:
    """Asking for a library that does not exist fails loudly, not with an empty spec."""
    with pytest.raises(KeyError):
        library_spec("nowhere")
    with pytest.raises(KeyError):
        LIBRARIES["nowhere"]


def test_library_of_finds_the_exporting_library() -> None:
    """Each exported type maps back to its library; other names to None."""
    assert library_of("overview") == "analysis"
    assert library_of("madr") == "madr"
    assert library_of("decision") is None


def test_library_spans_name_the_library_path() -> None:
    """Spans and paths of a library point at the library file, not at a user's spec."""
    assert library_spec("adr").path == library_path("adr") == "<assay>/library/adr.assay"


# ---- adr ------------------------------------------------------------------------------

ADR_SECTIONS = {
    "Context": (
        "Context and Problem Statement",
        "Problem Statement",
        "Motivation",
        "Background",
        "Issue",
        "Discussion",
        "Context and Motivation",
        "Kontext",
        "Contexte",
        "Contexto",
        "背景",
        "上下文",
    ),
    "Decision": (
        "Decision Outcome",
        "Decisions",
        "Proposal",
        "Design",
        "Detailed Design",
        "Proposed Solution",
        "Entscheidung",
        "Décision",
        "Decisión",
        "Decisão",
        "决策",
        "決定",
    ),
    "Consequences": (
        "Risks",
        "Implications",
        "Positive Consequences",
        "Negative Consequences",
        "Neutral Consequences",
    ),
    "Alternatives": (
        "Considered Options",
        "Options",
        "Alternatives Considered",
        "Considered Alternatives",
        "Rejected Alternatives",
        "Pros and Cons of the Options",
        "Alternative Approaches",
        "Alternative Proposals",
    ),
    "Status": (),
    "Links": (),
}
ADR_PRESENCE = {
    "Context": "required",
    "Decision": "required",
    "Consequences": "optional",
    "Alternatives": "optional",
    "Status": "optional",
    "Links": "optional",
}
STATUS_VALUES = {
    "proposed": ("in review", "review", "draft", "under review", "pending", "open"),
    "accepted": ("approved", "adopted", "agreed", "decided", "implemented"),
    "rejected": ("declined",),
    "deprecated": ("obsolete", "retired"),
    "superseded": ("superceded", "replaced"),
}
RELATIONS = {
    "Supersedes": "Superseded by",
    "Amends": "Amended by",
    "Supplements": "Supplemented by",
    "Replaces": "Replaced by",
    "Reverts": "Reverted by",
    "Extends": "Extended by",
    "Invalidates": "Invalidated by",
}
#: Relations of one side: they name a record and ask nothing back of it.
ONE_SIDED = (
    "In part supersedes",
    "In part superseded by",
    "Rejected in favour of",
    "Rejected in favor of",
)


@pytest.mark.parametrize(
    ("name", "alias"), [(n, a) for n, aliases in ADR_SECTIONS.items() for a in aliases]
)
def test_adr_section_alias(name: str, alias: str) -> None:
    """Each alias seen in real records names its adr section."""
    aliases = [a.name for a in section(library_type("adr", "adr"), name).aliases]
    assert alias in aliases


def test_adr_sections_and_their_presence() -> None:
    """adr declares exactly these sections, required only where every style has them."""
    decl = library_type("adr", "adr")
    assert {s.name: s.presence.kind for s in decl.sections} == ADR_PRESENCE
    assert {s.name: len(s.aliases) for s in decl.sections} == {
        n: len(a) for n, a in ADR_SECTIONS.items()
    }


@pytest.mark.parametrize(
    ("value", "synonym"),
    [(v, None) for v in STATUS_VALUES]
    + [(v, s) for v, synonyms in STATUS_VALUES.items() for s in synonyms],
)
def test_adr_status_value(value: str, synonym: str | None) -> None:
    """Each status value, and each spelling that means it, is declared under that value."""
    status = field(library_type("adr", "adr"), "Status")
    allowed = {v.name: v.synonyms for v in status.values}
    assert value in allowed
    if synonym is not None:
        assert synonym in allowed[value]


def test_adr_fields() -> None:
    """A title and a status are required; the date is an ISO date when given."""
    decl = library_type("adr", "adr")
    assert decl.title is not None
    assert decl.title.presence.kind == "required"
    assert {f.name: f.presence.kind for f in decl.fields} == {
        "Status": "required",
        "Date": "optional",
        "Deciders": "optional",
    }
    date = field(decl, "Date").format
    assert date is not None
    assert date.kind == "date"


@pytest.mark.parametrize(("forward", "backward"), list(RELATIONS.items()))
def test_adr_relation_is_declared_both_ways(forward: str, backward: str) -> None:
    """Each relation and its inverse are declared, each naming the other as inverse."""
    declared = {r.name: r.inverse for r in library_type("adr", "adr").relations}
    assert declared[forward] == backward
    assert declared[backward] == forward


def test_adr_declares_only_the_listed_relations() -> None:
    """No stray relation: every declared one is in the table, so the table is complete."""
    declared = [r.name for r in library_type("adr", "adr").relations]
    assert sorted(declared) == sorted([*RELATIONS, *RELATIONS.values(), *ONE_SIDED])


def test_one_sided_relations_have_no_inverse() -> None:
    declared = {r.name: r.inverse for r in library_type("adr", "adr").relations}
    assert {name: declared[name] for name in ONE_SIDED} == dict.fromkeys(ONE_SIDED)


# ---- madr -----------------------------------------------------------------------------


def test_madr_uses_and_extends_adr() -> None:
    """madr builds on adr instead of repeating it."""
    spec = library_spec("madr")
    assert [u.name for u in spec.uses] == ["adr"]
    assert library_type("madr", "madr").extends == "adr"


def test_madr_declares_its_own_sections() -> None:
    """MADR's sections, each under the name MADR gives it, and an optional status."""
    decl = library_type("madr", "madr")
    assert {s.name: s.presence.kind for s in decl.sections} == {
        "Context and Problem Statement": "required",
        "Decision Drivers": "optional",
        "Considered Options": "optional",
        "Decision Outcome": "required",
        "Consequences": "optional",
        "Pros and Cons of the Options": "optional",
        "More Information": "optional",
    }
    # Replacing adr's Context and Decision must not lose the older names they answer to.
    adr = library_type("adr", "adr")
    for madr_name, adr_name in (
        ("Context and Problem Statement", "Context"),
        ("Decision Outcome", "Decision"),
    ):
        older = {adr_name, *(a.name for a in section(adr, adr_name).aliases)} - {madr_name}
        assert {a.name for a in section(decl, madr_name).aliases} == older
    assert field(decl, "Status").presence.kind == "optional"


def test_madr_status_values_are_adr_s() -> None:
    """MADR records use the same status words, so madr repeats adr's values exactly."""
    madr = field(library_type("madr", "madr"), "Status")
    adr = field(library_type("adr", "adr"), "Status")
    assert [(v.name, v.synonyms) for v in madr.values] == [(v.name, v.synonyms) for v in adr.values]


# ---- analysis and consultation --------------------------------------------------------


def test_overview_follows_adr_097() -> None:
    """One-sentence Description of 50..250 characters; Lens scoping is gone."""
    decl = library_type("analysis", "overview")
    description = section(decl, "Description")
    assert description.presence.kind == "required"
    assert description.sentences is not None
    assert description.sentences.count == 1
    assert description.length is not None
    assert (description.length.min, description.length.max) == (50, 250)
    for name in ("Bounded synthesis", "Limitations"):
        assert section(decl, name).presence.kind == "required"
    scoping = section(decl, "Lens scoping").presence
    assert (scoping.kind, scoping.reason) == ("forbidden", "removed by ADR 097")


@pytest.mark.parametrize("name", ["canonical-register-sha256", "method-sha256", "worker-model"])
def test_memory_forbids_the_removed_fields(name: str) -> None:
    """The memory handoff fields ADR 097 dropped are forbidden, saying why."""
    presence = field(library_type("analysis", "memory"), name).presence
    assert (presence.kind, presence.reason) == ("forbidden", "removed by ADR 097")


def test_verification_blockers_are_none_or_a_list() -> None:
    """Blockers is required and must be exactly `none` or a list."""
    blockers = section(library_type("analysis", "verification"), "Blockers")
    assert blockers.presence.kind == "required"
    assert blockers.form is not None
    assert blockers.form.kind == "none-or-list"


def test_consultation_holds_question_and_answer() -> None:
    """A consultation records a question, who was asked, and the answer."""
    decl = library_type("consultation", "consultation")
    keys = {name_key(s.name): s.presence.kind for s in decl.sections}
    assert keys == {"question": "required", "participants": "optional", "answer": "required"}


# ---- using libraries from a user spec -------------------------------------------------


def test_user_spec_extends_a_used_library_type() -> None:
    """`use analysis` makes `overview` extendable, and `use madr` makes `madr`."""
    text = "use analysis\nuse madr\ntype o extends overview {}\ntype m extends madr {}"
    assert parse_spec(text, "user.assay").diagnostics == ()


def test_extending_an_unused_library_type_suggests_the_use() -> None:
    """The hint names the library that exports the type."""
    parsed = parse_spec("type o extends verification {}", "user.assay")
    assert "add `use analysis`" in parsed.diagnostics[0].message


# ---- loading: broken files and cycles are bugs ----------------------------------------


@pytest.fixture
def fake_libraries(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, str]]:
    """Library texts the test fills in, replacing the shipped files for its duration."""
    texts: dict[str, str] = {}
    library_module._load.cache_clear()
    monkeypatch.setattr(library_module, "library_names", lambda: tuple(sorted(texts)))
    monkeypatch.setattr(library_module, "library_text", texts.__getitem__)
    yield texts
    library_module._load.cache_clear()


def test_broken_library_is_an_assertion_with_its_diagnostics(
    fake_libraries: dict[str, str],
) -> None:
    """A library that does not parse is a bug in assay; the error shows every problem."""
    fake_libraries["bad"] = "type t { section A required { length 9..1 } }"
    with pytest.raises(AssertionError, match=r"`bad` does not parse:\n.*bad.assay:1:38: SPC004"):
        library_spec("bad")


def test_libraries_using_each_other_are_a_cycle_not_a_recursion_error(
    fake_libraries: dict[str, str],
) -> None:
    """Two libraries that use each other stop with a message naming the cycle."""
    fake_libraries["a"] = "use b\ntype a {}"
    fake_libraries["b"] = "use a\ntype b {}"
    with pytest.raises(AssertionError, match="cycle: a -> b -> a"):
        library_spec("a")


def test_a_library_may_use_another(fake_libraries: dict[str, str]) -> None:
    """Lazy loading lets one library extend another's type while it is being read."""
    fake_libraries["base"] = "type root {}"
    fake_libraries["child"] = "use base\ntype leaf extends root {}"
    assert exported_types("child") == ("leaf",)
    assert library_of("root") == "base"


# ---- the libraries are a parameter of the spec checks ---------------------------------


class _OneLibrary:
    """A library index of one library, ``tools``, exporting ``tool``; counts its use."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    def names(self) -> tuple[str, ...]:
        self.asked.append("names")
        return ("tools",)

    def exports(self, library: str) -> tuple[str, ...]:
        self.asked.append(f"exports {library}")
        return ("tool",) if library == "tools" else ()

    def library_of(self, type_name: str) -> str | None:
        self.asked.append(f"library_of {type_name}")
        return "tools" if type_name == "tool" else None


def test_a_spec_resolves_against_the_libraries_it_is_given(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`use` and `extends` consult the index passed in, never the built-in libraries."""
    from assay.grammar.spec.parser import parse_spec_with

    def no_builtins() -> tuple[str, ...]:
        raise AssertionError("consulted the built-in libraries")

    monkeypatch.setattr(library_module, "library_names", no_builtins)
    index = _OneLibrary()
    assert parse_spec_with("use tools\ntype t extends tool {}", "a.assay", index).ok
    assert index.asked and "exports tools" in index.asked
    unknown = parse_spec_with("use adr", "b.assay", index).diagnostics
    assert [d.code for d in unknown] == ["SPC002"]
    assert "(there are `tools`)" in unknown[0].message
    hint = parse_spec_with("type t extends tool {}", "c.assay", index).diagnostics
    assert "add `use tools`" in hint[0].message


def test_the_spec_layer_imports_nothing_above_it() -> None:
    """No module of `assay.spec` imports the grammar (or any layer above), not even
    inside a function: the built-in libraries are parsed by `assay.grammar.spec.library`."""
    import ast
    from pathlib import Path

    import assay.spec

    above = ("assay.grammar", "assay.engine", "assay.cli", "assay.site")
    upward = []
    for path in sorted(Path(assay.spec.__file__).parent.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                continue
            upward += [f"{path.name}: {n}" for n in names if n.startswith(above)]
    assert upward == []
