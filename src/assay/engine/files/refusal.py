"""Why a path was not opened: a value the caller turns into a diagnostic (PTH001 to PTH004).

The rules are the checks'; this module only says which applies and why, naming the
path as declared, so the message is the same wherever the refusal is reported.
"""

from __future__ import annotations

from attrs import frozen

from assay.spec.model import Model
from assay.spec.rules.rule import Rule
from assay.spec.rules.sources import PTH001, PTH002, PTH003, PTH004


@frozen
class Refused(Model):
    """A path assay will not read: the rule it breaks (PTH001 to PTH004), and a
    ``message`` that names the path and says why."""

    rule: Rule
    message: str

    @property
    def code(self) -> str:
        """The rule's code."""
        return self.rule.code

    @property
    def name(self) -> str:
        """The rule's kebab name."""
        return self.rule.name


def shown(path: str) -> str:
    """``path`` quoted for a message: in backticks, or as a Python literal when it holds
    characters a terminal would not show (a NUL, a newline, an escape)."""
    if path.isprintable() and "`" not in path:
        return f"`{path}`"
    return repr(path)


def escapes(path: str, why: str) -> Refused:
    """PTH001: the path is not a relative POSIX path inside the root."""
    return Refused(PTH001, f"path {shown(path)} {why}")


def linked(path: str, folder: str | None) -> Refused:
    """PTH002: the file, or the ``folder`` on its way, is a symbolic link (found while
    opening it)."""
    where = "is" if folder is None else f"goes through {shown(folder)}, which is"
    return Refused(
        PTH002,
        f"path {shown(path)} {where} a symbolic link: assay opens no linked component",
    )


def not_regular(path: str, what: str) -> Refused:
    """PTH003: what the path names is not a regular file (``what`` says what it is)."""
    message = f"path {shown(path)} is not a regular file: {what}"
    return Refused(PTH003, message)


def not_tracked(path: str) -> Refused:
    """PTH004: git does not track the file."""
    return Refused(
        PTH004,
        f"path {shown(path)} is not tracked by git: pin only files git tracks (`git add` it)",
    )


def spec_not_tracked(spec: str) -> Refused:
    """PTH004 for every source of a declaration whose spec file git does not track:
    seed 002 pins "tracked regular declaration and source files", and an unreviewed
    declaration could name any file."""
    return Refused(
        PTH004,
        f"the declaration's spec file {shown(spec)} is not tracked by git: a declaration "
        "is pinned like its sources, only from a file git tracks (`git add` it)",
    )
