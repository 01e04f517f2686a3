"""Front matter YAML: explicit tags, anchors, aliases, merge keys and nesting never crash.

What PyYAML's safe constructors refuse, or crash on, is DOC006 at the offending value;
what they read is kept.  The property test writes YAML from its grammar's pieces.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from assay import parse_document
from assay.cli import EXIT_ERROR, EXIT_FINDINGS, main
from assay.spec.convert import to_json_value


def _parse(yaml: str):  # type: ignore[no-untyped-def]
    return parse_document(f"---\n{yaml}\n---\n# 1. Use x\n".encode(), "t.md")


def _values(yaml: str) -> dict[str, object]:
    parsed = _parse(yaml)
    assert parsed.diagnostics == (), parsed.diagnostics
    assert parsed.value is not None and parsed.value.front_matter is not None
    return {e.key: e.value for e in parsed.value.front_matter.entries}


@pytest.mark.parametrize(
    ("yaml", "column", "says"),
    [
        ("a: !!timestamp", 4, "'' is not a valid !!timestamp"),  # was AttributeError
        ("a: !!timestamp x", 4, "'x' is not a valid !!timestamp"),
        ("y: &0 !!bool", 4, "'' is not a valid !!bool"),  # was KeyError
        ("a: !!bool x", 4, "'x' is not a valid !!bool"),  # was KeyError
        ("k: !!float", 4, "'' is not a valid !!float"),  # was IndexError
        ("a: !!int _", 4, "'_' is not a valid !!int"),  # was IndexError
        ("a: !!int zz", 4, "'zz' is not a valid !!int"),
        ("a: !!int 0b_", 4, "'0b_' cannot be read as !!int"),
        ("a: !!null x", 4, "'x' is not a valid !!null"),
        ("a: [1, !!float .]", 8, "'.' is not a valid !!float"),
        ("a: !!int [1]", 4, "!!int stands on a scalar, not a sequence"),
        ("a: !!bool {b: 1}", 4, "!!bool stands on a scalar, not a mapping"),
        ("!!int x: 1", 1, "'x' is not a valid !!int"),  # a tag on a key
        ("a: 0x" + "f" * 4_000, 4, "cannot be read as !!int: Exceeds the limit"),
        ("a: " + "1" * 4_400, 4, "cannot be read as !!int: Exceeds the limit"),
    ],
)
def test_a_value_its_tag_refuses_is_doc006_at_the_value(yaml: str, column: int, says: str) -> None:
    """An explicitly tagged scalar is checked against its tag's own pattern (and what
    its constructor still refuses is caught) and reported where it stands."""
    parsed = _parse(yaml)
    (d,) = parsed.diagnostics
    assert d.code == "DOC006"
    assert (d.span.line, d.span.column) == (2, column)
    assert says in d.message
    assert d.message.startswith("front matter has a value that cannot be read: ")
    assert parsed.value is not None and parsed.value.front_matter is None


def test_values_tags_accept_are_read_as_yaml_says() -> None:
    """Tags on values their pattern accepts keep PyYAML's reading; timestamps, tagged
    or not, stay strings for the record's type to judge."""
    assert _values(
        "a: !!float 1\nb: !!float 1:30\nc: !!bool yes\nd: !!int 0x1f\ne: !!null ~\n"
        "f: !!timestamp 2021-02-30\ng: !!str 12\nh: !!int 1_000"
    ) == {
        "a": 1.0,
        "b": 90.0,
        "c": True,
        "d": 31,
        "e": None,
        "f": "2021-02-30",
        "g": "12",
        "h": 1000,
    }


@pytest.mark.parametrize(
    "yaml",
    [
        "a: !!binary x",
        "a: !!set [1]",
        "a: !!omap [1]",
        "a: !!pairs {a: 1}",
        "a: {<<: 1}",
        "a: {<<: [1]}",
        "a: &x 1\nb: {<<: *x}",
        "a: !!str [1]",
        "a: !!map x",
        "a: !!seq x",
        "a: !!python/object x",
        "a: !!merge x",
        "a: {[1]: 1}",
        "a: &x [*x]",
        "a: &x {b: *x}",
    ],
)
def test_what_the_safe_constructors_refuse_is_a_located_doc006(yaml: str) -> None:
    """The other constructor paths of the safe loader: each refusal is DOC006 on line 2."""
    (d,) = _parse(yaml).diagnostics
    assert d.code == "DOC006" and d.span.line == 2 and d.span.column > 1


@pytest.mark.parametrize(
    "yaml", ["? [a]\n: 1", "? {a: 1}\n: 1", "&x a: *x", "a: &x {<<: *x}", "a: !!set {b, c}"]
)
def test_odd_but_readable_yaml_is_read(yaml: str) -> None:
    """Complex keys, an alias of a key, a mapping merging itself: read, not refused."""
    parsed = _parse(yaml)
    assert parsed.diagnostics == ()
    assert parsed.value is not None
    json.dumps(to_json_value(parsed.value), allow_nan=False)


@pytest.mark.parametrize("flow", [True, False])
def test_front_matter_nested_past_100_levels_is_doc006_at_the_level_too_many(flow: bool) -> None:
    """Reading nodes into values recursed once a level: 900 levels (libyaml composes
    them) were a RecursionError.  Past 100 it is DOC006 at the 101st level."""
    if flow:
        yaml, where = "a: " + "[" * 900 + "]" * 900, (2, 4 + 100)
    else:
        yaml = "a:\n" + "".join(" " * level + "- \n" for level in range(1, 902))
        where = (2 + 101, 102)
    (d,) = _parse(yaml).diagnostics
    assert d.code == "DOC006" and "more than 100 levels" in d.message
    assert (d.span.line, d.span.column) == where


def test_aliases_count_as_the_levels_they_stand_for() -> None:
    """Eleven lists 95 deep, each holding the one before through an alias: reading
    follows the aliases a thousand levels down."""
    lines = [f"l0: &l0 {'[' * 95}x{']' * 95}"]
    lines += [f"l{i}: &l{i} {'[' * 95}*l{i - 1}{']' * 95}" for i in range(1, 11)]
    (d,) = _parse("\n".join(lines)).diagnostics
    assert d.code == "DOC006"
    # The deepest path goes down l10 (line 12) and on, through `*l9`, into l9's lists:
    # 95 levels of l10, then the sixth of l9's (after `l9: &l9 `, column 9).
    assert (d.span.line, d.span.column) == (11, 9 + 5)


def test_100_levels_are_read() -> None:
    assert _values("a: " + "[" * 99 + "]" * 99)["a"] is not None


@pytest.mark.parametrize(
    "yaml", ["a: !!bool x", "a: !!timestamp", "k: !!float", "a: 0x" + "f" * 4_000]
)
def test_the_cli_reports_them_without_a_trace(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], yaml: str
) -> None:
    """`assay check` and `assay parse FILE` (text and JSON) report DOC006, never exit 3."""
    (tmp_path / "assay.toml").write_text("")
    record = tmp_path / "docs" / "adr" / "0001-use-x.md"
    record.parent.mkdir(parents=True)
    record.write_text(f"---\n{yaml}\n---\n# 1. Use x\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["check", "--no-cache"]) == EXIT_FINDINGS
    assert "DOC006" in capsys.readouterr().out
    assert main(["parse", str(record)]) == EXIT_ERROR
    assert main(["parse", "--json", str(record)]) == EXIT_ERROR
    assert "DOC006" in capsys.readouterr().out


# --- the property ------------------------------------------------------------------------

_TAGS = st.sampled_from(
    ["", "", "", "!!str ", "!!int ", "!!float ", "!!bool ", "!!null ", "!!timestamp ",
     "!!binary ", "!!set ", "!!omap ", "!!pairs ", "!!map ", "!!seq ", "!!merge ", "!foo ",
     "!!python/tuple ", "!<tag:yaml.org,2002:int> "]
)  # fmt: skip
_ANCHORS = st.sampled_from(["", "", "&a ", "&b "])
_PLAIN = st.sampled_from(
    ["", "x", "1", "-1", "0x1f", "0b_", "0o7", "1_000", "1:30", "1.5", ".5", ".inf", ".nan",
     "-.inf", "1e3", "yes", "No", "~", "null", "2024-05-01", "2021-02-30", "2001-12-14t21:59:43",
     "'q'", '"d\\x41"', "aGVsbG8=", "9" * 4_400, "0x" + "f" * 3_700, "_", "."]
)  # fmt: skip


def _flow(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return st.one_of(
        st.lists(inner, max_size=3).map(lambda items: "[" + ", ".join(items) + "]"),
        st.lists(st.tuples(inner, inner), max_size=3).map(
            lambda pairs: "{" + ", ".join(f"{k}: {v}" for k, v in pairs) + "}"
        ),
        st.integers(min_value=95, max_value=300).map(lambda n: "[" * n + "]" * n),
    )


_NODES = st.recursive(
    st.one_of(_PLAIN, st.sampled_from(["*a", "*b"])),
    lambda inner: st.tuples(_ANCHORS, _TAGS, _flow(inner) | _PLAIN).map("".join),
    max_leaves=10,
)
_KEYS = st.sampled_from(["a", "b", "<<", "? [a]\n", "!!int k", "&a k", "*a ", "? *b\n", "date"])


def _block(entries: list[tuple[str, str, bool]]) -> str:
    lines = []
    for key, value, as_list in entries:
        if as_list:  # a block sequence under the key
            lines.append(f"{key}:\n  - {value}\n  - {value}")
        else:
            lines.append(f"{key}: {value}")
    return "\n".join(lines)


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(_KEYS, _NODES, st.booleans()), max_size=5).map(_block))
def test_front_matter_yaml_never_crashes(yaml: str) -> None:
    """YAML from tags, anchors, aliases, merge keys, flow and block collections: a
    document whose JSON form dumps, or DOC006; never an exception."""
    parsed = _parse(yaml)
    assert parsed.value is not None
    assert {d.code for d in parsed.diagnostics} <= {"DOC006"}
    if parsed.value.front_matter is not None:
        json.dumps(to_json_value(parsed.value), allow_nan=False)
