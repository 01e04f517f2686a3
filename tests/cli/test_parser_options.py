"""Every subcommand keeps the options users see, and the shared ones are defined once.

The parser is built and walked: each command's options (their strings, help, default,
choices, metavar) are compared with a snapshot taken before the shared options moved
into ``assay.cli.options``, so a refactoring that drops an option or changes its help
shows up as a diff of that snapshot. ``--help`` of each command is rendered too, and
must name every one of its options.
"""

from __future__ import annotations

import argparse
import ast
from collections.abc import Iterator
from pathlib import Path

import pytest
from syrupy.assertion import SnapshotAssertion

import assay.cli
from assay.cli import build_parser, main

CLI = Path(assay.cli.__file__).parent
OPTIONS_MODULE = CLI / "options.py"


def commands(
    parser: argparse.ArgumentParser, prefix: tuple[str, ...] = ()
) -> Iterator[tuple[tuple[str, ...], argparse.ArgumentParser]]:
    """Each (sub)command's words and parser, depth first, the top-level one included."""
    yield prefix, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from commands(sub, (*prefix, name))


def described(parser: argparse.ArgumentParser) -> list[str]:
    """The parser's arguments as users meet them, one line each (``--help`` is
    argparse's own): names, then what differs from argparse's defaults, then the help."""
    found = []
    for action in parser._actions:
        if isinstance(action, argparse._HelpAction | argparse._SubParsersAction):
            continue
        facts = [", ".join(action.option_strings) or action.dest]
        facts += [f"metavar={action.metavar}"] if action.metavar is not None else []
        facts += [f"choices={list(action.choices)}"] if action.choices is not None else []
        facts += [f"default={action.default!r}"] if action.default not in (None, False) else []
        facts += ["required"] if action.required and action.option_strings else []
        facts += [f"nargs={action.nargs}"] if action.nargs is not None else []
        found.append(f"{' '.join(facts)}: {action.help}")
    return found


ALL = dict(commands(build_parser()))


def test_every_command_keeps_its_options(snapshot: SnapshotAssertion) -> None:
    assert {" ".join(words) or "assay": described(p) for words, p in ALL.items()} == snapshot


@pytest.mark.parametrize("words", list(ALL), ids=[" ".join(w) or "assay" for w in ALL])
def test_help_lists_every_option(
    words: tuple[str, ...], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    assert main([*words, "--help"]) == 0
    shown = capsys.readouterr().out
    for action in ALL[words]._actions:
        for option in action.option_strings:
            assert option in shown, f"{' '.join(words)} --help does not show {option}"


def _defined(path: Path) -> Iterator[tuple[int, str]]:
    """The option strings ``add_argument`` calls of ``path`` define, with their lines."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "add_argument"
        ):
            for argument in node.args:
                if isinstance(argument, ast.Constant) and isinstance(argument.value, str):
                    yield node.lineno, argument.value


def test_the_shared_options_are_defined_only_in_the_options_module() -> None:
    shared = {option for _, option in _defined(OPTIONS_MODULE)}
    assert {"--config", "--no-cache", "--format", "--output", "--fail-on", "--db"} <= shared
    elsewhere = [
        f"{path.relative_to(CLI)}:{line}: {option}"
        for path in sorted(CLI.rglob("*.py"))
        if path != OPTIONS_MODULE
        for line, option in _defined(path)
        if option in shared
    ]
    assert elsewhere == []
