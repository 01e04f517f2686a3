"""The checks of a config's values, each raising what ``fail`` makes of its message:
lists of strings, tables, globs, spec paths and rule selectors (``config._build``
asks them for every key)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from assay.grammar.globs import GlobError, compile_glob
from assay.spec.diagnostics import CODE_PATTERN, NAME_PATTERN

#: What a config error says and where: the message, the key's path in the table, and
#: the string in its value the message is about (a list entry), if any; it returns the
#: error to raise (a ``ConfigError`` placed in the file).
Fail = Callable[[str, tuple[str, ...], "str | None"], Exception]

_FAMILY = re.compile(r"^[A-Z]{3}$")
_LOWER_CODE = re.compile(r"^[a-z]{3}[0-9]{3}$")


def shown(value: object) -> str:
    """``value`` as the message quotes it: short, whatever TOML made of it (a table
    nested a hundred deep, an integer of thousands of digits Python will not print)."""
    import reprlib

    class _Short(reprlib.Repr):
        def repr_int(self, x: int, level: int) -> str:
            if x.bit_length() > 200:  # past 60 digits: its size says more than its digits
                return f"<an integer of {x.bit_length()} bits>"
            return repr(x)

    shorter = _Short()
    shorter.maxlevel, shorter.maxstring, shorter.maxother = 3, 60, 100
    return shorter.repr(value)


def dotted(key: tuple[str, ...]) -> str:
    """``key`` as the config writes it (``severity.LNK001``)."""
    return ".".join(key)


def strings(value: object, key: tuple[str, ...], fail: Fail) -> tuple[str, ...]:
    """``value`` when it is a list of strings; else what ``fail`` makes of why not."""
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise fail(f"`{dotted(key)}` must be a list of strings (got {shown(value)})", key, None)
    return tuple(value)


def table(value: object, key: tuple[str, ...], fail: Fail) -> dict[str, Any]:
    """``value`` when it is a table; else what ``fail`` makes of why not."""
    if not isinstance(value, dict):
        raise fail(f"`{dotted(key)}` must be a table (got {shown(value)})", key, None)
    return value


def check_glob(pattern: str, key: tuple[str, ...], fail: Fail, *, at_key: bool = False) -> None:
    """``at_key``: the pattern is the key itself (``per-file-ignores``), not an entry."""
    try:
        compile_glob(pattern)
    except GlobError as error:
        name = dotted(key[:1] if at_key else key)
        message = f"`{name}` pattern {pattern!r}: {error}"
        raise fail(message, key, None if at_key else pattern) from None


def check_spec_path(pattern: str, fail: Fail) -> None:
    """Refuse a `specs` pattern naming a path outside the workspace."""
    # Elsewhere a leading `/` anchors at the root, as in .gitignore; a spec is named
    # like a file, and `/etc/team.assay` (or `~/specs/…`) means a path outside the
    # workspace, which would silently match nothing.  (`C:` and `\` are glob errors.)
    if pattern.lstrip().startswith(("/", "~")):
        raise fail(
            f"`specs` pattern {pattern!r}: spec paths are relative to the workspace root, "
            "not absolute or in a home folder (drop the leading `/` or `~`)",
            ("specs",),
            pattern,
        )


def check_selector(
    selector: str, key: tuple[str, ...], fail: Fail, *, at_key: bool = False
) -> None:
    """``at_key``: the selector is the key itself (``[severity]``), not an entry."""
    # Whether the code or name exists is the runner's business (it knows the checks);
    # here only the shape, so typos in case are caught before they silently select nothing.
    name = dotted(key[:1] if at_key else key)
    value = None if at_key else selector
    if _LOWER_CODE.match(selector):
        raise fail(
            f"`{name}`: codes are upper case (got {selector!r}; did you mean "
            f"{selector.upper()!r}?)",
            key,
            value,
        )
    if not (
        CODE_PATTERN.match(selector) or _FAMILY.match(selector) or NAME_PATTERN.match(selector)
    ):
        raise fail(
            f"`{name}` entries must be a code (LNK001), a family (LNK) or a kebab-case check "
            f"name (broken-link) (got {selector!r})",
            key,
            value,
        )
