"""The pre-commit hook, run end to end by the real `pre-commit` in throwaway git repositories.

The hook under test is this repository's `.pre-commit-hooks.yaml`. Each repository gets a
`.pre-commit-config.yaml` with a `repo: local` hook whose fields are copied from that
manifest, except `language: system`: pre-commit then runs the `assay` installed next to
this interpreter instead of pip-installing assay from the network into its own
environment. Git and pre-commit see no global or system configuration, and pre-commit
keeps its cache in the test's temporary folder.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from identify.identify import tags_from_path

ROOT = Path(__file__).resolve().parent.parent.parent
MANIFEST = ROOT / ".pre-commit-hooks.yaml"
BIN = Path(sys.executable).parent
HOOK_ID = "assay-check"

GOOD = """\
# {number}. {title}

Date: 2025-01-10

## Status

Accepted

## Context

We need a way to {title_lower} that the whole team understands.

## Decision

We will {title_lower}, and record the reasons here.

## Consequences

Everyone reads this record before changing the decision.
"""

#: No `## Decision` section (DOC003) and a status the built-in `adr` type does not know
#: (FLD002).
BAD = """\
# 2. Use PostgreSQL for the ledger

Date: 2025-02-01

## Status

Maybe

## Context

The ledger needs transactions.

## Consequences

We operate a primary.
"""

FIRST = "docs/adr/0001-record-architecture-decisions.md"
SECOND = "docs/adr/0002-use-postgresql-for-the-ledger.md"
SPEC = "assay/decisions.assay"

SPEC_TEXT = """\
use adr

type decision extends adr {{
    files "docs/adr/*.md"
{extra}}}
"""


def _good(number: int, title: str) -> str:
    return GOOD.format(number=number, title=title, title_lower=title.lower())


def _manifest_hook() -> dict[str, Any]:
    hooks = yaml.safe_load(MANIFEST.read_text(encoding="utf-8"))
    found = [hook for hook in hooks if hook["id"] == HOOK_ID]
    assert len(found) == 1, f"{MANIFEST.name} must define exactly one `{HOOK_ID}` hook"
    return dict(found[0])


class Repo:
    """A temporary git repository with this repository's hook configured as a local hook."""

    def __init__(self, path: Path, home: Path) -> None:
        self.path = path
        env = {
            key: value
            for key, value in os.environ.items()
            # A test run inside a git hook or a pre-commit run must not leak into these.
            if not key.startswith(("GIT_", "PRE_COMMIT"))
        }
        env.update(
            PATH=os.pathsep.join([str(BIN), env.get("PATH", os.defpath)]),
            HOME=str(home),
            PRE_COMMIT_HOME=str(home / "pre-commit-cache"),
            GIT_CONFIG_GLOBAL=os.devnull,
            GIT_CONFIG_NOSYSTEM="1",
            NO_COLOR="1",
        )
        self.env = env
        path.mkdir()
        self.git("init", "-q", "-b", "main")
        hook = {**_manifest_hook(), "language": "system"}
        config = {"repos": [{"repo": "local", "hooks": [hook]}]}
        self.write(".pre-commit-config.yaml", yaml.safe_dump(config, sort_keys=False))
        self.git("add", ".pre-commit-config.yaml")

    def run(self, *command: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            command,
            cwd=self.path,
            env=self.env,
            capture_output=True,
            text=True,
            check=False,
            timeout=120,
        )

    def git(self, *args: str) -> subprocess.CompletedProcess[str]:
        identity = ["-c", "user.name=Assay Tests", "-c", "user.email=tests@assay.invalid"]
        return self.run("git", *identity, "-c", "commit.gpgsign=false", *args)

    def ok_git(self, *args: str) -> str:
        result = self.git(*args)
        assert result.returncode == 0, result.stdout + result.stderr
        return result.stdout

    def pre_commit(self, *args: str) -> subprocess.CompletedProcess[str]:
        return self.run(str(BIN / "pre-commit"), *args)

    def write(self, name: str, text: str) -> None:
        target = self.path / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")

    def commits(self) -> int:
        result = self.git("rev-list", "--count", "--all")
        return int(result.stdout.strip() or 0) if result.returncode == 0 else 0


def _output(result: subprocess.CompletedProcess[str]) -> str:
    return result.stdout + result.stderr


@pytest.fixture
def repo(tmp_path: Path) -> Repo:
    """A repository holding one good record and the team's spec that declares its
    records (without one, only what is wrong on its face fails), committed without hooks."""
    assert (BIN / "assay").is_file(), f"assay is not installed in {BIN}"
    assert (BIN / "pre-commit").is_file(), f"pre-commit is not installed in {BIN}"
    home = tmp_path / "home"
    home.mkdir()
    repository = Repo(tmp_path / "repo", home)
    repository.write(FIRST, _good(1, "Record architecture decisions"))
    repository.write(SPEC, SPEC_TEXT.format(extra=""))
    repository.ok_git("add", FIRST, SPEC)
    repository.ok_git("commit", "-q", "--no-verify", "-m", "first record")
    return repository


def test_manifest_is_valid_and_triggers_on_every_file_that_can_change_a_finding(
    tmp_path: Path,
) -> None:
    """pre-commit accepts the manifest; the hook is `assay check`, serial, given file names,
    and its file types match records, specs, configs and discovery settings."""
    result = subprocess.run(
        [str(BIN / "pre-commit"), "validate-manifest", str(MANIFEST)],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "cache")},
    )
    assert result.returncode == 0, _output(result)
    hook = _manifest_hook()
    assert hook["entry"] == "assay check"
    assert hook["language"] == "python"
    assert hook["require_serial"] is True
    assert hook.get("pass_filenames", True) is True
    samples = {
        "docs/adr/0001-x.md": "# 1. X\n",
        "docs/adr/0002-y.markdown": "# 2. Y\n",
        "runs/2025-01/report.txt": "Status: accepted\n",
        "assay/decisions.assay": "use adr\n",
        "assay.toml": 'specs = ["assay/*.assay"]\n',
        "pyproject.toml": "[tool.assay]\n",
        ".adr-dir": "docs/adr\n",
        ".log4brains.yml": "project:\n  adrFolder: ./docs/adr\n",
    }
    for name, text in samples.items():
        path = tmp_path / "files" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        tags = tags_from_path(str(path))
        for key in ("types", "types_or"):
            wanted = set(hook.get(key, ()))
            matched = wanted <= tags if key == "types" else not wanted or bool(wanted & tags)
            assert matched, f"{name} ({sorted(tags)}) does not match {key}: {sorted(wanted)}"
        assert "files" not in hook or re.search(hook["files"], name), name


def test_run_files_fails_on_a_bad_record_and_shows_the_diagnostics(repo: Repo) -> None:
    """`pre-commit run --files BAD` fails and prints assay's findings about that record."""
    repo.write(SECOND, BAD)
    result = repo.pre_commit("run", "--color", "never", "--files", SECOND)
    output = _output(result)
    assert result.returncode == 1, output
    assert "assay check" in output and "Failed" in output
    assert f"{SECOND}:1:1: DOC003 [error] no `Decision` section" in output
    assert f"{SECOND}:7:1: FLD002 [error] Status `Maybe` is not one of" in output
    assert "exit code: 1" in output


def test_run_files_passes_on_a_good_record(repo: Repo) -> None:
    """A good record passes; the bad record elsewhere in the tree is not this run's report."""
    repo.write(SECOND, BAD)
    result = repo.pre_commit("run", "--color", "never", "--files", FIRST)
    output = _output(result)
    assert result.returncode == 0, output
    assert "assay check" in output and "Passed" in output
    assert "DOC003" not in output and SECOND not in output


def test_run_on_a_text_file_that_is_no_record_runs_and_reports_nothing(repo: Repo) -> None:
    """The hook triggers on any text file (types: [text]); findings are reported only for
    the files given, so a bad record the commit does not touch is not reported."""
    repo.write(SECOND, BAD)
    repo.write("notes.txt", "Some notes.\n")
    result = repo.pre_commit("run", "--color", "never", "--verbose", "--files", "notes.txt")
    output = _output(result)
    assert result.returncode == 0, output
    assert "Passed" in output and "Skipped" not in output
    assert "0 errors" in output  # --verbose shows that assay ran and found nothing here
    assert SECOND not in output and "DOC003" not in output
    # A source file in a commit is no news: no note on every such commit (issue 25).
    assert "no document" not in output and "note:" not in output


def test_git_commit_is_refused_for_a_bad_record_and_accepted_once_fixed(repo: Repo) -> None:
    """After `pre-commit install`, `git commit` runs the hook: a bad record stops the commit
    with the diagnostics shown; the fixed record is committed."""
    installed = repo.pre_commit("install")
    assert installed.returncode == 0, _output(installed)
    assert (repo.path / ".git" / "hooks" / "pre-commit").is_file()
    before = repo.commits()

    repo.write(SECOND, BAD)
    repo.ok_git("add", SECOND)
    refused = repo.git("commit", "-m", "choose the ledger database")
    output = _output(refused)
    assert refused.returncode != 0, output
    assert "assay check" in output and "Failed" in output
    assert f"{SECOND}:1:1: DOC003" in output
    assert f"{SECOND}:7:1: FLD002" in output
    assert repo.commits() == before

    repo.write(SECOND, _good(2, "Use PostgreSQL for the ledger"))
    repo.ok_git("add", SECOND)
    accepted = repo.git("commit", "-m", "choose the ledger database")
    output = _output(accepted)
    assert accepted.returncode == 0, output
    assert "assay check" in output and "Passed" in output
    assert repo.commits() == before + 1
    assert SECOND in repo.ok_git("show", "--name-only", "--format=", "HEAD").split()


def test_a_changed_spec_reports_findings_in_unchanged_records(repo: Repo) -> None:
    """Committing only a spec change passes the spec's name to the hook, and the run
    reports the findings the new spec causes in records the commit does not touch."""
    repo.write(SPEC, SPEC_TEXT.format(extra=""))
    repo.write(SECOND, _good(2, "Use PostgreSQL for the ledger"))
    repo.ok_git("add", SPEC, SECOND)
    installed = repo.pre_commit("install")
    assert installed.returncode == 0, _output(installed)
    first = repo.git("commit", "-m", "add a spec")
    assert first.returncode == 0, _output(first)

    repo.write(SPEC, SPEC_TEXT.format(extra='    field "Deciders" required\n'))
    run = repo.pre_commit("run", "--color", "never", "--files", SPEC)
    assert run.returncode == 1, _output(run)
    for record in (FIRST, SECOND):
        assert f"{record}:1:1: FLD001 [error] no `Deciders` field" in _output(run)

    repo.ok_git("add", SPEC)
    staged = repo.ok_git("diff", "--cached", "--name-only").split()
    assert staged == [SPEC]
    refused = repo.git("commit", "-m", "require deciders")
    output = _output(refused)
    assert refused.returncode != 0, output
    for record in (FIRST, SECOND):
        assert f"{record}:1:1: FLD001 [error] no `Deciders` field" in output


def test_a_changed_config_reports_findings_in_unchanged_records(repo: Repo) -> None:
    """The same for the config: dropping an `ignore` from `assay.toml` re-reports what it
    hid in a record the commit does not touch."""
    repo.write("assay.toml", 'ignore = ["DOC003", "FLD002"]\n')
    repo.write(SECOND, BAD)
    repo.ok_git("add", "assay.toml", SECOND)
    installed = repo.pre_commit("install")
    assert installed.returncode == 0, _output(installed)
    first = repo.git("commit", "-m", "record with known problems")
    assert first.returncode == 0, _output(first)

    repo.write("assay.toml", 'ignore = ["DOC003"]\n')
    repo.ok_git("add", "assay.toml")
    refused = repo.git("commit", "-m", "check statuses again")
    output = _output(refused)
    assert refused.returncode != 0, output
    assert f"{SECOND}:7:1: FLD002 [error] Status `Maybe`" in output
    assert "DOC003" not in output


def test_the_guide_shows_what_the_hook_prints(repo: Repo) -> None:
    """docs/guide/pre-commit.md's refused commit is this run's output (`…` as in
    tests/test_doc_outputs.py), so the guide cannot drift from the hook."""
    from tests.test_doc_outputs import matches

    guide = (ROOT / "docs" / "guide" / "pre-commit.md").read_text(encoding="utf-8")
    shown = re.search(r"<!-- output: pre-commit run -->\n```text\n(.*?)^```$", guide, re.S | re.M)
    assert shown is not None, "the guide marks the hook's output"
    repo.write(SECOND, BAD)
    result = repo.pre_commit("run", "--color", "never", "--files", SECOND)
    actual = [line.rstrip() for line in _output(result).rstrip("\n").splitlines()]
    expected = [line.rstrip() for line in shown[1].splitlines()]
    assert matches(expected, actual), "\n".join(actual)


#: The address the guide shows, and the commit id that stands for any.
ADDRESS = "https://github.com/OWNER/assay"
PLACEHOLDER = "0123456789abcdef0123456789abcdef01234567"


def _guide_config(marker: str) -> str:
    """The guide's `.pre-commit-config.yaml` block that the comment ``marker`` opens."""
    guide = (ROOT / "docs" / "guide" / "pre-commit.md").read_text(encoding="utf-8")
    shown = re.search(
        rf"<!-- written by: {marker}; [^\n]*-->\n```yaml\n(.*?)^```$", guide, re.S | re.M
    )
    assert shown is not None, f"the guide marks the config {marker} writes"
    return shown[1]


def _hooks_repository(tmp_path: Path, home: Path) -> Repo:
    """A repository holding this one's hook manifest, and no tag (as assay's has none)."""
    hooks = Repo(tmp_path / "hooks", home)
    hooks.write(".pre-commit-hooks.yaml", MANIFEST.read_text(encoding="utf-8"))
    hooks.ok_git("add", ".pre-commit-hooks.yaml")
    hooks.ok_git("commit", "-q", "--no-verify", "-m", "hooks")
    return hooks


def _frozen(repo: Repo, hooks: Repo, rev: str) -> str:
    """The config `pre-commit autoupdate --freeze` writes over one naming ``rev`` of
    ``hooks``, in the guide's words: its address, and the commit id as the placeholder."""
    config = _guide_config("pre-commit autoupdate --freeze")
    repo.write(
        ".pre-commit-config.yaml",
        config.replace(ADDRESS, str(hooks.path)).replace(PLACEHOLDER, rev),
    )
    updated = repo.pre_commit("autoupdate", "--freeze", "--repo", str(hooks.path))
    assert updated.returncode == 0, _output(updated)
    written = (repo.path / ".pre-commit-config.yaml").read_text(encoding="utf-8")
    head = hooks.ok_git("rev-parse", "HEAD").strip()
    return written.replace(str(hooks.path), ADDRESS).replace(head, PLACEHOLDER)


def test_the_guide_pins_what_autoupdate_freeze_writes_while_nothing_is_tagged(
    repo: Repo, tmp_path: Path
) -> None:
    """Without a tag, the tag form stops pre-commit as the guide says, and
    `autoupdate --freeze` writes the guide's form: a full commit id."""
    hooks = _hooks_repository(tmp_path, tmp_path / "home")
    config = _guide_config("pre-commit autoupdate --freeze")
    repo.write(
        ".pre-commit-config.yaml",
        config.replace(ADDRESS, str(hooks.path)).replace(PLACEHOLDER, "v0.1.0"),
    )
    tagged = repo.pre_commit("install-hooks")
    assert tagged.returncode != 0
    assert "pathspec 'v0.1.0' did not match any file(s) known to git" in _output(tagged)
    assert _frozen(repo, hooks, "v0.1.0") == config


def test_the_guide_pins_what_autoupdate_freeze_writes_once_tagged(
    repo: Repo, tmp_path: Path
) -> None:
    """Once the hook's repository has a release tag, `--freeze` pins its commit with the
    tag as a comment: the guide's second form."""
    hooks = _hooks_repository(tmp_path, tmp_path / "home")
    first = hooks.ok_git("rev-parse", "HEAD").strip()
    hooks.ok_git("commit", "-q", "--no-verify", "--allow-empty", "-m", "release")
    hooks.ok_git("tag", "v0.1.0")
    written = _frozen(repo, hooks, first)
    assert written == _guide_config("pre-commit autoupdate --freeze, once tagged")
