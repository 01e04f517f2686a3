"""Where keys and list entries stand in a TOML file, for config errors with a line."""

from __future__ import annotations

import tomllib

from hypothesis import given
from hypothesis import strategies as st

from assay.grammar.toml_positions import key_position, string_position

CONFIG = """\
# assay's settings
select = ["DOC", "LNK"]
ignore = [
  "DOC011",
  'number-gap',
]
"fail-on" = "warning"
severity.FLD003 = "off"

[severity]
DOC008 = "info"

[per-file-ignores]
"docs/adr/0000-*.md" = ["DOC002", "DOC003"]

[tool . assay]
select = ["FLD"]
"""


def test_keys_at_the_top_under_headers_and_dotted() -> None:
    assert key_position(CONFIG, ["select"]) == (2, 1)
    assert key_position(CONFIG, ["fail-on"]) == (7, 1)
    assert key_position(CONFIG, ["severity", "FLD003"]) == (8, 1)
    assert key_position(CONFIG, ["severity"]) == (8, 1)  # the first place it is written
    assert key_position(CONFIG, ["severity", "DOC008"]) == (11, 1)
    assert key_position(CONFIG, ["per-file-ignores"]) == (13, 1)
    assert key_position(CONFIG, ["per-file-ignores", "docs/adr/0000-*.md"]) == (14, 1)
    assert key_position(CONFIG, ["tool", "assay", "select"]) == (17, 1)


def test_a_key_in_an_inline_table_is_placed_at_the_table() -> None:
    text = 'select = ["DOC"]\n  severity = { DOC008 = "info" }\n'
    assert key_position(text, ["severity", "DOC008"]) == (2, 3)
    assert string_position(text, ["severity", "DOC008"], "info") == (2, 25)


def test_keys_that_are_not_there() -> None:
    assert key_position(CONFIG, ["include"]) is None
    assert key_position(CONFIG, ["severity", "DOC001"]) is None
    assert key_position(CONFIG, ["tool", "assay", "ignore"]) is None
    assert key_position("", ["select"]) is None


def test_strings_in_a_value_on_its_line_or_below() -> None:
    assert string_position(CONFIG, ["select"], "LNK") == (2, 18)
    assert string_position(CONFIG, ["ignore"], "DOC011") == (4, 3)
    assert string_position(CONFIG, ["ignore"], "number-gap") == (5, 3)
    entry = ["per-file-ignores", "docs/adr/0000-*.md"]
    assert string_position(CONFIG, entry, "DOC003") == (14, 35)


def test_a_string_not_in_the_value_gives_the_key() -> None:
    """`DOC008` stands in the file, but under another key: the search stops at the
    next key, and the error points at the key it is about."""
    assert string_position(CONFIG, ["ignore"], "DOC008") == (3, 1)
    assert string_position(CONFIG, ["include"], "x") is None


_BARE = st.from_regex(r"[A-Za-z][A-Za-z0-9_-]{0,8}", fullmatch=True)
_TABLES = st.dictionaries(
    _BARE, st.dictionaries(_BARE, st.text("abcXYZ019 ", max_size=6), max_size=4), max_size=4
)


@given(tables=_TABLES, dotted=st.booleans(), indent=st.sampled_from(["", "  ", "\t"]))
def test_every_key_is_found_where_it_was_written(
    tables: dict[str, dict[str, str]], dotted: bool, indent: str
) -> None:
    """Tables written as `[name]` sections or as `name.key = ...` lines: each key is
    found on the line that wrote it, and the text is the TOML it claims to be."""
    lines: list[str] = []
    keys: dict[tuple[str, ...], tuple[int, int]] = {}
    values: dict[tuple[str, ...], tuple[str, tuple[int, int]]] = {}
    for name, table in tables.items():
        if not dotted:
            lines.append(f"[{name}]")
            keys[(name,)] = (len(lines), 1)
        for key, value in table.items():
            written = f"{name}.{key}" if dotted else key
            lines.append(f'{indent}{written} = "{value}"')
            keys[(name, key)] = (len(lines), len(indent) + 1)
            keys.setdefault((name,), (len(lines), len(indent) + 1))
            values[(name, key)] = (value, (len(lines), len(indent) + len(written) + 4))
    text = "\n".join(lines) + "\n"
    assert tomllib.loads(text) == {n: t for n, t in tables.items() if t or not dotted}
    for path, position in keys.items():
        assert key_position(text, path) == position
    for path, (value, position) in values.items():
        assert string_position(text, path, value) == position
