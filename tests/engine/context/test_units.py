"""Planning units: mandatory first, the same range once, overlapping and adjacent ranges
merged, contributors named, and an order that does not depend on the spec's order."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from assay.engine.context.selection import select
from assay.engine.context.units import plan_units
from tests.engine.context.repo import declared


def _plan(spec: str) -> list[tuple[str, tuple[int, int] | None, bool, list[str]]]:
    chosen = [d.declared for d in select(declared(spec), {}).selected]
    return [
        (u.path, u.lines, u.mandatory, [f"{c.name}:{c.role}" for c in u.contributors])
        for u in plan_units(chosen)
    ]


def test_mandatory_units_of_all_declarations_come_before_any_optional() -> None:
    spec = """
    declaration a version 1 { optional "o.md"  primary "a.md" }
    declaration b version 1 { check "b.sh"  optional "p.md"  provenance "c.md" lines 1..2 }
    """
    assert _plan(spec) == [
        ("a.md", None, True, ["a:primary"]),
        ("b.sh", None, True, ["b:check"]),
        ("c.md", (1, 2), True, ["b:provenance"]),
        ("o.md", None, False, ["a:optional"]),
        ("p.md", None, False, ["b:optional"]),
    ]


def test_the_same_range_twice_appears_once_naming_both_declarations() -> None:
    spec = """
    declaration a version 1 { primary "x.md" lines 3..5 }
    declaration b version 1 { provenance "./x.md" lines 3..5 }
    """
    assert _plan(spec) == [("x.md", (3, 5), True, ["a:primary", "b:provenance"])]


def test_overlapping_and_adjacent_ranges_merge_apart_ones_do_not() -> None:
    spec = """
    declaration a version 1 { primary "x.md" lines 1..4  primary "x.md" lines 20..30 }
    declaration b version 1 { primary "x.md" lines 3..9  primary "x.md" lines 10..12 }
    """
    assert _plan(spec) == [
        ("x.md", (1, 12), True, ["a:primary", "b:primary", "b:primary"]),
        ("x.md", (20, 30), True, ["a:primary"]),
    ]


def test_a_whole_file_absorbs_its_ranges() -> None:
    spec = """
    declaration a version 1 { primary "x.md" lines 1..4 }
    declaration b version 1 { check "x.md" }
    """
    assert _plan(spec) == [("x.md", None, True, ["a:primary", "b:check"])]


def test_an_optional_range_inside_a_mandatory_unit_is_not_repeated() -> None:
    spec = """
    declaration a version 1 { primary "x.md" lines 1..10  optional "x.md" lines 2..3 }
    declaration b version 1 { optional "x.md" lines 5..20 }
    """
    assert _plan(spec) == [
        ("x.md", (1, 10), True, ["a:primary", "a:optional"]),
        ("x.md", (5, 20), False, ["b:optional"]),
    ]


_SOURCE = st.tuples(
    st.sampled_from(["primary", "check", "provenance", "optional"]),
    st.sampled_from(["a.md", "b.md", "c/d.md"]),
    st.one_of(st.none(), st.tuples(st.integers(1, 9), st.integers(0, 5))),
)


def _text(name: str, sources: list[tuple[str, str, tuple[int, int] | None]]) -> str:
    body = "  ".join(
        f'{role} "{path}"' + ("" if lines is None else f" lines {lines[0]}..{lines[0] + lines[1]}")
        for role, path, lines in sources
    )
    return f"declaration {name} version 1 {{ {body} }}\n"


@given(
    st.dictionaries(st.sampled_from("pqrst"), st.lists(_SOURCE, max_size=4), max_size=4),
    st.randoms(),
)
def test_units_do_not_depend_on_the_order_declarations_are_written_in(
    declarations: dict[str, list[tuple[str, str, tuple[int, int] | None]]], random: object
) -> None:
    """Selection sorts declarations; units then follow declaration and source order."""
    texts = [_text(name, sources) for name, sources in declarations.items()]
    shuffled = list(texts)
    random.shuffle(shuffled)  # type: ignore[attr-defined]
    assert _plan("".join(texts)) == _plan("".join(shuffled))
    split = [d for i, t in enumerate(shuffled) for d in declared(t, f"spec{i}.assay")]
    chosen = [d.declared for d in select(split, {}).selected]
    assert [(u.path, u.lines, u.mandatory) for u in plan_units(chosen)] == [
        (path, lines, mandatory) for path, lines, mandatory, _ in _plan("".join(texts))
    ]


@given(st.lists(_SOURCE, max_size=8))
def test_every_declared_line_is_delivered_exactly_by_one_unit_of_its_tier(
    sources: list[tuple[str, str, tuple[int, int] | None]],
) -> None:
    """Merging loses no declared line, and no two units of a tier and file overlap."""
    plan = _plan(_text("p", sources))
    for tier in (True, False):
        units = [(p, lines) for p, lines, mandatory, _ in plan if mandatory is tier]
        for first, (path, lines) in enumerate(units):
            for other, other_lines in units[first + 1 :]:
                if other == path:
                    assert lines is not None and other_lines is not None
                    assert lines[1] + 1 < other_lines[0] or other_lines[1] + 1 < lines[0]
    for role, path, lines in sources:
        want = None if lines is None else (lines[0], lines[0] + lines[1])
        holders = [
            u for u in plan
            if u[0] == path.removeprefix("./")
            and (u[1] is None or (want is not None and u[1][0] <= want[0] and want[1] <= u[1][1]))
        ]  # fmt: skip
        assert holders, (role, path, lines, plan)
