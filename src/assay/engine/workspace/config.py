"""Configuration: find the one config file for a run, read it, and check every key.

A config is `assay.toml`, or the `[tool.assay]` table of a `pyproject.toml`. Without
`--config`, the nearest one wins, walking up from the start directory and stopping at
the repository root; configs are never merged, because cross-document checks need one
view of the whole workspace. Errors here stop the run (exit code 2), so they raise
`ConfigError` instead of returning diagnostics.
"""

from __future__ import annotations

import re
import stat
from collections.abc import Callable, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal, cast, get_args

from attrs import field, frozen

from assay.engine.workspace import config_values as values
from assay.errors import AssayError
from assay.grammar.globs import compile_glob
from assay.spec.model import Model

FailOn = Literal["error", "warning", "info", "never"]
SeverityOverride = Literal["error", "warning", "info", "off"]

#: Looked for in this order in each directory on the way up.
CONFIG_NAMES = ("assay.toml", "pyproject.toml")
#: With no config, every spec file the workspace holds.
DEFAULT_SPECS = ("**/*.assay",)

_TOML_POSITION = re.compile(r"\s*\(at line (\d+), column (\d+)\)$")
_AT_END = "(at end of document)"


class ConfigError(AssayError):
    """A config file that cannot be found, read or understood (exit code 2)."""

    def __init__(
        self,
        message: str,
        *,
        path: Path | None = None,
        line: int | None = None,
        column: int | None = None,
    ) -> None:
        where = _display(path) if path is not None else ""
        if where and line is not None:
            where += f":{line}" + (f":{column}" if column is not None else "")
        super().__init__(f"{where}: {message}" if where else message)
        #: The message without the location, for renderers that place it themselves.
        self.detail = message
        self.path = path
        self.line = line
        self.column = column


def _end_position(path: Path) -> tuple[int | None, int | None]:
    """1-based line and column just past the last character of a TOML file."""
    try:
        text = path.read_bytes().decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return None, None
    lines = text.split("\n")
    return len(lines), len(lines[-1]) + 1


def _frozen_mapping(value: Mapping[str, Any]) -> Mapping[str, Any]:
    # A read-only copy: a frozen Config must not change under the runner's feet.
    return MappingProxyType(dict(value))


@frozen(kw_only=True)
class Config(Model):
    """What one run is configured to do; `load_config` builds it, `default` without a file."""

    #: The workspace root: the config file's directory, else the repository root, else
    #: the start directory. Every glob and reported path is relative to it.
    root: Path
    #: The config file read, or None when there is none.
    source: Path | None = None
    #: Globs of `.assay` spec files.
    specs: tuple[str, ...] = DEFAULT_SPECS
    #: Globs of documents to check; empty means the conventional decision-record folders.
    include: tuple[str, ...] = ()
    #: Globs of files never loaded (documents and specs).
    exclude: tuple[str, ...] = ()
    #: Checks to run (codes, families, kebab names); empty means the default set.
    select: tuple[str, ...] = ()
    #: Checks never to run.
    ignore: tuple[str, ...] = ()
    #: The lowest severity that makes the run fail (exit code 1).
    fail_on: FailOn = "error"
    #: Severity changes by selector; `off` turns a check off.
    severity: Mapping[str, SeverityOverride] = field(factory=dict, converter=_frozen_mapping)
    #: Selectors ignored in the files a glob matches.
    per_file_ignores: Mapping[str, tuple[str, ...]] = field(factory=dict, converter=_frozen_mapping)

    @classmethod
    def default(cls, root: Path) -> Config:
        """The configuration of a workspace without a config file."""
        return cls(root=root)

    def ignores_for(self, path: str) -> frozenset[str]:
        """The selectors `per-file-ignores` turns off for a workspace-relative path."""
        found: set[str] = set()
        for pattern, selectors in self.per_file_ignores.items():
            if compile_glob(pattern).match(path):
                found.update(selectors)
        return frozenset(found)


def repository_root(start: Path) -> Path | None:
    """The first of `start` and its ancestors holding `.git` (a folder, or a file in a
    worktree or submodule), or None outside a repository."""
    start = start.resolve()  # `Path(".").parents` is empty: walk the real ancestors
    for directory in (start, *start.parents):
        if (directory / ".git").exists():
            return directory
    return None


def load_config(start: Path, explicit: Path | None = None) -> Config:
    """The configuration for a run started in `start` (`explicit` is `--config FILE`)."""
    if explicit is not None:
        path = explicit.resolve()
        try:
            found = stat.S_ISREG(path.stat().st_mode)
        except (FileNotFoundError, NotADirectoryError):
            found = False
        except OSError as error:  # a name too long, a loop of links: not just missing
            raise ConfigError(f"cannot read: {error.strerror}", path=explicit) from None
        if not found:
            raise ConfigError("config file not found", path=explicit)
        table = _read_table(path)
        if table is None:
            raise ConfigError("has no [tool.assay] table", path=path)
        return _build(table, path)
    begin = start.resolve()
    if not begin.is_dir():
        begin = begin.parent
    repository = repository_root(begin)
    for directory in (begin, *begin.parents):
        config = _config_in(directory)
        if config is not None:
            return config
        if directory == repository:
            break
    return Config.default(repository or begin)


def root_config(root: Path) -> Config:
    """The configuration of the workspace ``root`` itself: its own config file, else
    the defaults for it. Never one further up, which would make its folder the root:
    a server told its root (``assay mcp --root``) reads nothing outside it."""
    folder = root.resolve()
    found = _config_in(folder)
    return found if found is not None else Config.default(folder)


def _config_in(directory: Path) -> Config | None:
    """The config file of ``directory`` (``CONFIG_NAMES`` in order), or None."""
    for name in CONFIG_NAMES:
        candidate = directory / name
        if candidate.is_file():
            table = _read_table(candidate)
            if table is not None:
                return _build(table, candidate)
    return None


def _read_table(path: Path) -> dict[str, Any] | None:
    """The assay settings in `path`; None for a pyproject.toml without `[tool.assay]`."""
    import tomllib  # only a workspace with a config file pays for importing it

    from assay.engine.workspace.config_bounds import BoundPassed, bounded_text

    try:
        document = tomllib.loads(bounded_text(path))
    except BoundPassed as bound:
        raise ConfigError(bound.message, path=path, line=bound.line, column=bound.column) from None
    except OSError as error:
        raise ConfigError(f"cannot read: {error.strerror}", path=path) from None
    except UnicodeDecodeError:
        raise ConfigError("is not UTF-8 text", path=path) from None
    except tomllib.TOMLDecodeError as error:
        message, line, column = str(error), None, None
        if position := _TOML_POSITION.search(message):
            line, column = int(position[1]), int(position[2])
            message = message[: position.start()]
        elif message.endswith(_AT_END):  # an unclosed `[` or string: point at the end
            message = message[: -len(_AT_END)].rstrip()
            line, column = _end_position(path)
        raise ConfigError(f"invalid TOML: {message}", path=path, line=line, column=column) from None
    except RecursionError:
        # tomllib recurses once per nesting level: `x = [[[…]]]` thousands deep ends
        # Python's stack.  No config nests more than three levels; point at the bracket
        # that passes a depth no config needs.
        from assay.grammar.toml_positions import too_deep

        raise _beyond_tomllib(path, "values nested too deeply", too_deep) from None
    except ValueError:
        # The one ValueError tomllib lets out: a decimal integer longer than Python
        # converts (`sys.get_int_max_str_digits`, 4,300 digits).
        from assay.grammar.toml_positions import too_long

        raise _beyond_tomllib(path, "an integer with too many digits", too_long) from None
    if path.name != "pyproject.toml":
        return document
    tool = document.get("tool")
    table = tool.get("assay") if isinstance(tool, dict) else None
    if table is None:
        return None
    if not isinstance(table, dict):
        raise ConfigError("`tool.assay` must be a table", path=path)
    return table


def _beyond_tomllib(
    path: Path, message: str, locate: Callable[[str], tuple[int, int] | None]
) -> ConfigError:
    """A config error for valid-looking TOML tomllib cannot read, placed by ``locate``."""
    try:
        text = path.read_bytes().decode("utf-8")
    except (OSError, UnicodeDecodeError):
        text = ""
    where = locate(text)
    line, column = where if where is not None else (None, None)
    return ConfigError(f"invalid TOML: {message}", path=path, line=line, column=column)


_LIST_KEYS = ("specs", "include", "exclude", "select", "ignore")
#: Every key the config may hold (the property tests draw from it, so a new key is
#: fuzzed the day it is added).
KEYS = (*_LIST_KEYS, "fail-on", "severity", "per-file-ignores")


def _build(table: dict[str, Any], path: Path) -> Config:
    inside = ("tool", "assay") if path.name == "pyproject.toml" else ()

    def fail(message: str, key: tuple[str, ...], value: str | None = None) -> ConfigError:
        # Only now is the file read again: a config without errors pays nothing.
        from assay.grammar.toml_positions import key_position, string_position

        try:
            text = path.read_bytes().decode("utf-8")
        except (OSError, UnicodeDecodeError):
            text = ""
        where = (
            string_position(text, inside + key, value)
            if value is not None
            else key_position(text, inside + key)
        )
        line, column = where if where is not None else (None, None)
        return ConfigError(message, path=path, line=line, column=column)

    for key in table:
        if key not in KEYS:
            raise fail(_unknown_key(key, path), (key,))
    lists = {key: values.strings(table[key], (key,), fail) for key in _LIST_KEYS if key in table}
    for key in ("specs", "include", "exclude"):
        for pattern in lists.get(key, ()):
            values.check_glob(pattern, (key,), fail)
    for pattern in lists.get("specs", ()):
        values.check_spec_path(pattern, fail)
    for key in ("select", "ignore"):
        for selector in lists.get(key, ()):
            values.check_selector(selector, (key,), fail)
    fail_on = table.get("fail-on", "error")
    if fail_on not in get_args(FailOn):
        choices = ", ".join(get_args(FailOn))
        raise fail(
            f"`fail-on` must be one of {choices} (got {values.shown(fail_on)})", ("fail-on",)
        )
    severity = values.table(table.get("severity", {}), ("severity",), fail)
    for selector, level in severity.items():
        values.check_selector(selector, ("severity", selector), fail, at_key=True)
        if level not in get_args(SeverityOverride):
            choices = ", ".join(get_args(SeverityOverride))
            raise fail(
                f"`severity.{selector}` must be one of {choices} (got {values.shown(level)})",
                ("severity", selector),
            )
    ignores: dict[str, tuple[str, ...]] = {}
    for pattern, value in values.table(
        table.get("per-file-ignores", {}), ("per-file-ignores",), fail
    ).items():
        where = ("per-file-ignores", pattern)
        values.check_glob(pattern, where, fail, at_key=True)
        ignores[pattern] = values.strings(value, where, fail)
        for selector in ignores[pattern]:
            values.check_selector(selector, where, fail)
    return Config(
        root=path.parent,
        source=path,
        specs=lists.get("specs", DEFAULT_SPECS),
        include=lists.get("include", ()),
        exclude=lists.get("exclude", ()),
        select=lists.get("select", ()),
        ignore=lists.get("ignore", ()),
        fail_on=cast(FailOn, fail_on),
        severity=cast(dict[str, SeverityOverride], severity),
        per_file_ignores=ignores,
    )


def _unknown_key(key: str, path: Path) -> str:
    message = f"unknown key `{key}`"
    if key == "tool" and path.name != "pyproject.toml":
        return message + f"; in {path.name} the keys go at the top level, without [tool.assay]"
    # Snake case is the usual slip (`fail_on`); difflib catches it and typos alike.
    import difflib

    close = difflib.get_close_matches(key.replace("_", "-"), KEYS, n=1, cutoff=0.6)
    return message + (
        f"; did you mean `{close[0]}`?" if close else f"; expected one of {', '.join(KEYS)}"
    )


def _display(path: Path) -> str:
    """`path` relative to the working directory when it is below it: shorter messages."""
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except (ValueError, OSError):  # elsewhere, or the working directory was removed
        return str(path)
