"""The config's selectors checked against the checks: one that names no check is a
config error at its place in the file, with the nearest name as a suggestion.

The config reader checks a selector's shape (``engine.workspace.config``); whether it
names a check only the runner knows, as only it has the checks.  A typo here
(`broken-lnk`, `DOC999`) would otherwise select nothing, or silently fail to ignore.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from assay.engine.checks.base import Check
from assay.engine.passes.rulesets import is_known, selectable, suggestion
from assay.engine.workspace.config import Config, ConfigError


def check_selectors(config: Config, checks: Sequence[Check]) -> None:
    """Raise ``ConfigError`` at the first selector of the config that names no check."""
    known = selectable(checks)
    for selector, key, at_key in _selectors(config):
        if is_known(selector, known):
            continue
        message = (
            f"`{key[0]}`: `{selector}` names no check{suggestion(selector, known)} "
            "(`assay rules` lists them)"
        )
        raise _located(config, message, key, None if at_key else selector)


def _selectors(config: Config) -> Iterator[tuple[str, tuple[str, ...], bool]]:
    """Each selector, the key it is under, and whether it is that key itself."""
    for selector in config.select:
        yield selector, ("select",), False
    for selector in config.ignore:
        yield selector, ("ignore",), False
    for selector in config.severity:
        yield selector, ("severity", selector), True
    for pattern, selectors in config.per_file_ignores.items():
        for selector in selectors:
            yield selector, ("per-file-ignores", pattern), False


def _located(config: Config, message: str, key: tuple[str, ...], value: str | None) -> ConfigError:
    from assay.grammar.toml_positions import key_position, string_position

    path = config.source
    if path is None:  # a Config built in code: there is no file to point into
        return ConfigError(message)
    inside = ("tool", "assay") if path.name == "pyproject.toml" else ()
    try:
        text = path.read_bytes().decode("utf-8")
    except (OSError, UnicodeDecodeError):
        text = ""
    where = (
        key_position(text, inside + key)
        if value is None
        else string_position(text, inside + key, value)
    )
    line, column = where if where is not None else (None, None)
    return ConfigError(message, path=path, line=line, column=column)
