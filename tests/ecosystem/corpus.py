"""The ecosystem corpus: decision-record folders of real repositories, and what assay
says of them.

Each repository in ``manifest.toml`` is vendored under ``repos/<slug>/`` at its
original paths (text files only, with its licence); the files it links to that were
not vendored are listed as ``present`` and made as empty placeholders when the
repository is set up, so a link to a file the real repository has is not broken here.
``keys/<slug>.txt`` judges every error and warning assay reports on it, one line each:

    docs/adr/0003-cache.md:12:1 LNK001 error true  the target is missing upstream too

``setup`` puts a repository in a folder of its own, as a git repository with every
file added and its GitHub URL as the ``origin`` remote, which is what a team's clone
looks like to ``assay check``.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import shutil
import subprocess
import tomllib
from collections.abc import Iterator
from pathlib import Path

from attrs import frozen

HERE = Path(__file__).resolve().parent
MANIFEST = HERE / "manifest.toml"
REPOS = HERE / "repos"
KEYS = HERE / "keys"

#: Where a finding is and what it is: the key's identity of a finding.
Where = tuple[str, int, int, str]

_KEY_LINE = re.compile(
    r"^(?P<path>.+):(?P<line>\d+):(?P<column>\d+) (?P<code>[A-Z]{3}\d{3}) "
    r"(?P<severity>error|warning) (?P<verdict>true|false|\?) +(?P<why>\S.*)$"
)


@frozen
class Repo:
    """One vendored repository, as its manifest entry describes it."""

    name: str
    commit: str
    licence: str
    licence_files: tuple[str, ...]
    folders: tuple[str, ...]
    style: str
    #: How many of the folders' files are decision records, judged by reading them.
    records: int
    #: The folders' other files, each with why it is not a record.
    not_records: tuple[tuple[str, str], ...]
    #: Paths the real repository has that were not vendored (binaries, linked files).
    present: tuple[str, ...]

    @property
    def slug(self) -> str:
        """The folder name under ``repos/`` and ``keys/``: ``owner--name``."""
        return self.name.replace("/", "--")


@frozen
class Verdict:
    """A reviewer's judgement of one finding."""

    severity: str
    true: bool
    why: str


@frozen
class Finding:
    """One error or warning of a report."""

    path: str
    line: int
    column: int
    code: str
    severity: str
    message: str

    @property
    def where(self) -> Where:
        return (self.path, self.line, self.column, self.code)


def repos() -> list[Repo]:
    """Every repository of the manifest, in name order."""
    table = tomllib.loads(MANIFEST.read_text(encoding="utf-8"))
    found = [
        Repo(
            name=entry["name"],
            commit=entry["commit"],
            licence=entry["licence"],
            licence_files=tuple(entry["licence_files"]),
            folders=tuple(entry["folders"]),
            style=entry["style"],
            records=entry["records"],
            not_records=tuple((n["path"], n["why"]) for n in entry.get("not_records", ())),
            present=tuple(entry.get("present", ())),
        )
        for entry in table["repo"]
    ]
    return sorted(found, key=lambda r: r.name.casefold())


def setup(repo: Repo, into: Path) -> Path:
    """A working copy of ``repo`` in ``into/<slug>``: its vendored files, a placeholder
    for each ``present`` path (a folder with nothing else below it holds an empty
    ``.gitkeep``), and a git repository with all of them added and the
    upstream repository as its ``origin`` remote, as a clone has, so a link to the
    repository's own URL is checked as the workspace path it names."""
    root = into / repo.slug
    shutil.copytree(REPOS / repo.slug, root, symlinks=True)
    present = set(repo.present)
    for path in sorted(present):
        target = root / path
        if target.exists():
            continue
        below = any(o != path and o.startswith(path.rstrip("/") + "/") for o in present)
        if path.endswith("/") or below:
            target.mkdir(parents=True, exist_ok=True)
            if not below:  # git tracks no empty folder, and assay sees the folders git lists
                (target / ".gitkeep").touch()
        else:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.touch()
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    origin = f"https://github.com/{repo.name}.git"
    for command in (
        ["git", "init", "-q"],
        ["git", "remote", "add", "origin", origin],
        ["git", "add", "-A"],
    ):
        subprocess.run(command, cwd=root, env=env, check=True, capture_output=True)
    return root


def check_json(root: Path) -> str:
    """What ``assay check --format json`` prints in ``root``, run in this process, with
    the tool's version written as ``VERSION`` (a release changes no finding)."""
    from assay.cli import main
    from assay.version import __version__

    out = io.StringIO()
    before = Path.cwd()
    os.chdir(root)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
            main(["check", "--format", "json"])
    finally:
        os.chdir(before)
    return out.getvalue().replace(f'"version": "{__version__}"', '"version": "VERSION"')


def findings(report: str) -> list[Finding]:
    """The errors and warnings of a JSON report (infos ask nothing of anyone)."""
    return [
        Finding(
            path=d["path"],
            line=d["line"],
            column=d["column"],
            code=d["code"],
            severity=d["severity"],
            message=d["message"],
        )
        for d in json.loads(report)["diagnostics"]
        if d["severity"] in ("error", "warning")
    ]


def key(repo: Repo) -> dict[Where, Verdict]:
    """The reviewed verdicts of ``repo``'s findings (an absent key file judges none)."""
    path = KEYS / f"{repo.slug}.txt"
    if not path.exists():
        return {}
    verdicts: dict[Where, Verdict] = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        matched = _KEY_LINE.match(line)
        if matched is None:
            raise ValueError(
                f"{path.name}:{number}: not `path:line:column CODE severity true|false|? why`"
            )
        if matched["verdict"] == "?":
            continue  # not judged yet: the finding counts as unjudged
        where = (matched["path"], int(matched["line"]), int(matched["column"]), matched["code"])
        verdicts[where] = Verdict(matched["severity"], matched["verdict"] == "true", matched["why"])
    return verdicts


def key_lines(found: list[Finding], known: dict[Where, Verdict]) -> Iterator[str]:
    """Key lines for ``found``: the known verdicts kept, the others marked ``?`` for a
    reviewer to judge (a ``?`` line judges nothing: its finding stays unjudged)."""
    for finding in sorted(found, key=lambda f: f.where):
        path, line, column, code = finding.where
        verdict = known.get(finding.where)
        judged = "?" if verdict is None else ("true" if verdict.true else "false")
        why = finding.message if verdict is None else verdict.why
        yield f"{path}:{line}:{column} {code} {finding.severity} {judged}  {why}"
