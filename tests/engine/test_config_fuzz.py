"""Configs from arbitrary bytes: a config error with a place, or a config; never a crash.

Every config key is also given structurally generated TOML values (deep nesting, huge
integers, dates, tables where lists belong), since a message that quotes a value is
one more place a value can break.
"""

from __future__ import annotations

import datetime as dt
import json
import string
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from assay.engine.workspace.config import KEYS, Config, ConfigError, load_config


def _load(folder: Path, name: str, data: bytes) -> Config | ConfigError:
    path = folder / name
    path.write_bytes(data)
    try:
        return load_config(folder, path)
    except ConfigError as error:
        return error


def _located(error: ConfigError, folder: Path, name: str) -> None:
    """The error names the file; a line, when given, lies inside it."""
    assert error.path is not None and error.path.name == name
    if error.line is not None:
        lines = (folder / name).read_bytes().count(b"\n") + 1
        assert 1 <= error.line <= lines


# --- the crashes the fuzz run found ------------------------------------------------------

_DEEP = 2_000


@pytest.mark.parametrize(
    ("value", "column"),
    [
        ("[" * _DEEP + "]" * _DEEP, 3 + 100),
        ("{a=" * _DEEP + "}" * _DEEP, 3 + 100 * 3),
    ],
    ids=["arrays", "inline-tables"],
)
def test_values_nested_past_the_stack_are_a_located_config_error(
    tmp_path: Path, value: str, column: int
) -> None:
    """tomllib recurses per level; thousands of levels are a config error at the
    bracket that opens level 101, not a RecursionError."""
    found = _load(tmp_path, "assay.toml", f"specs = []\nx={value}\n".encode())
    assert isinstance(found, ConfigError)
    assert found.detail == "invalid TOML: values nested too deeply"
    assert (found.line, found.column) == (2, column)


def test_nesting_is_counted_outside_strings_and_comments(tmp_path: Path) -> None:
    """Brackets in strings and comments open nothing: the place is the real bracket."""
    text = "# [[[[\ns = '[[[['\nm = '''\n[[[[\n'''\nx = " + "[" * _DEEP + "]" * _DEEP + "\n"
    found = _load(tmp_path, "assay.toml", text.encode())
    assert isinstance(found, ConfigError)
    assert (found.line, found.column) == (6, 5 + 100)


def test_an_integer_longer_than_python_converts_is_a_located_config_error(
    tmp_path: Path,
) -> None:
    """4,301 digits pass Python's int-string limit: a config error at the number."""
    digits = "1" * (sys.get_int_max_str_digits() + 1)
    found = _load(tmp_path, "pyproject.toml", f"[tool.assay]\nspecs = []\nx = {digits}\n".encode())
    assert isinstance(found, ConfigError)
    assert found.detail == "invalid TOML: an integer with too many digits"
    assert (found.line, found.column) == (3, 5)


@pytest.mark.parametrize(
    "text",
    [
        "fail-on = {big}",
        "specs = {big}",
        "specs = [{big}]",
        "[severity]\nDOC001 = {big}",
        "severity = {big}",
        "[per-file-ignores]\n'a' = {big}",
    ],
)
def test_a_huge_integer_a_message_quotes_is_described_not_printed(
    tmp_path: Path, text: str
) -> None:
    """A hexadecimal integer of 4,000 digits is valid TOML, and Python refuses to
    write it in decimal: the message says its size instead."""
    big = "0x" + "f" * 4_000
    found = _load(tmp_path, "assay.toml", (text.format(big=big) + "\n").encode())
    assert isinstance(found, ConfigError)
    assert "<an integer of 16000 bits>" in found.detail


# --- properties -------------------------------------------------------------------------

_CHARACTERS = [*string.printable, "é", "\x00", "\ud800"]
_TOKENS = [
    "[tool.assay]\n",
    "specs = ",
    "fail-on = ",
    "[severity]\n",
    '"""',
    "'''",
    "x = ",
    "[" * 700,
    "{a=" * 60,
    "9" * 4_400,
    "0x" + "f" * 3_000,
    "1979-05-27T07:32:00Z",
]
#: TOML-ish text: lines of a key, `=` and pieces, the pieces including what the fuzz
#: run needed (deep brackets, long numbers), which single characters would take
#: hypothesis forever to line up.
_PIECES = st.lists(st.sampled_from(_TOKENS) | st.sampled_from(_CHARACTERS), max_size=8).map("".join)
_TOML_TEXT = st.lists(
    st.tuples(st.sampled_from(["", "x = ", "specs = ", "[tool.assay]\n"]), _PIECES).map("".join),
    max_size=6,
).map("\n".join)


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=_TOML_TEXT, name=st.sampled_from(["assay.toml", "pyproject.toml"]))
def test_arbitrary_config_text_never_crashes(tmp_path: Path, text: str, name: str) -> None:
    """Any text (even with lone surrogates, written as bytes) gives a Config or a ConfigError."""
    data = text.encode("utf-8", "surrogatepass")
    found = _load(tmp_path, name, data)
    if isinstance(found, ConfigError):
        _located(found, tmp_path, name)


def _toml_string(value: str) -> str:
    # JSON string escapes are TOML basic-string escapes, except `\/`, which json never writes.
    return json.dumps(value)


_SCALARS = st.one_of(
    st.text(max_size=20).map(_toml_string),
    st.sampled_from(["error", "warning", "info", "off", "never", "DOC001", "LNK", "**/*.md"]).map(
        _toml_string
    ),
    st.integers().map(str),
    st.integers(min_value=1).map(lambda n: hex(n**40)),
    st.floats(allow_nan=False, allow_infinity=False).map(repr),
    st.sampled_from(["inf", "-inf", "nan", "true", "false"]),
    st.datetimes(timezones=st.just(dt.UTC)).map(lambda d: d.isoformat()),
    st.dates().map(dt.date.isoformat),
)


def _array(items: list[str]) -> str:
    return "[" + ", ".join(items) + "]"


def _inline(items: list[tuple[str, str]]) -> str:
    return "{" + ", ".join(f"{_toml_string(k)} = {v}" for k, v in items) + "}"


_VALUES = st.recursive(
    _SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4).map(_array),
        st.lists(st.tuples(st.text(max_size=8), inner), max_size=3, unique_by=lambda kv: kv[0]).map(
            _inline
        ),
    ),
    max_leaves=12,
) | st.integers(min_value=90, max_value=1_200).map(lambda n: "[" * n + "]" * n)


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    values=st.dictionaries(st.sampled_from([*KEYS, "fail_on", "x"]), _VALUES, max_size=4),
    pyproject=st.booleans(),
)
def test_any_value_for_any_key_never_crashes(
    tmp_path: Path, values: dict[str, str], pyproject: bool
) -> None:
    """Every key given every shape of TOML value: a Config or a located ConfigError."""
    body = "".join(f"{_toml_string(key)} = {value}\n" for key, value in values.items())
    name = "pyproject.toml" if pyproject else "assay.toml"
    text = ("[tool.assay]\n" if pyproject else "") + body
    found = _load(tmp_path, name, text.encode())
    if isinstance(found, ConfigError):
        _located(found, tmp_path, name)
