"""Discovery: which files are documents and specs, what is skipped and why, and globs."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from fnmatch import fnmatchcase
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assay.engine.reading.record_names import name_anomalies, record_number
from assay.engine.workspace import record_folders
from assay.engine.workspace.candidates import Candidate, Discovery, Skipped
from assay.engine.workspace.config import Config, load_config
from assay.engine.workspace.discovery import discover
from assay.engine.workspace.links import FileIndex
from assay.engine.workspace.listing import _git_names, list_files, start_listing
from assay.engine.workspace.record_folders import RECORD_FOLDERS
from assay.grammar.globs import GlobError, compile_glob

RECORD = "# 1. Record architecture decisions\n\nDate: 2024-01-01\n\n## Status\n\nAccepted\n"


def _git(root: Path, *args: str) -> None:
    identity = ["-c", "user.email=test@example.com", "-c", "user.name=Test"]
    subprocess.run(["git", *identity, *args], cwd=root, check=True, capture_output=True)


def _files(root: Path, *paths: str) -> None:
    for path in paths:
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(RECORD, encoding="utf-8")


def _repo(root: Path, *paths: str, commit: bool = True) -> Path:
    """A git repository holding `paths`, committed unless told otherwise."""
    root.mkdir(parents=True, exist_ok=True)
    _git(root, "init", "-q")
    _files(root, *paths)
    if commit and paths:
        _git(root, "add", "-A")
        _git(root, "commit", "-q", "-m", "init")
    return root


def _run(root: Path) -> Discovery:
    return discover(load_config(root))


def _docs(found: Discovery) -> list[str]:
    return [candidate.path for candidate in found.documents]


def _skips(found: Discovery) -> dict[str, str]:
    return {skip.path: skip.reason for skip in found.skipped}


# --- what git lists --------------------------------------------------------------------


def test_tracked_and_untracked_records_are_found_ignored_ones_are_not(tmp_path: Path) -> None:
    """Git decides: committed and new-but-not-ignored files count, `.gitignore`d ones do not."""
    repo = _repo(tmp_path / "r", "docs/adr/0001-a.md", ".gitignore")
    (repo / ".gitignore").write_text("docs/adr/*-draft.md\n", encoding="utf-8")
    _files(repo, "docs/adr/0002-b.md", "docs/adr/0003-c-draft.md")
    found = _run(repo)
    assert found.git is True
    assert _docs(found) == ["docs/adr/0001-a.md", "docs/adr/0002-b.md"]


def test_staged_then_deleted_file_is_not_a_document(tmp_path: Path) -> None:
    """A file still in git's index but gone from disk is dropped, not an error."""
    repo = _repo(tmp_path / "r", "docs/adr/0001-a.md", "docs/adr/0002-b.md")
    (repo / "docs/adr/0002-b.md").unlink()
    assert _docs(_run(repo)) == ["docs/adr/0001-a.md"]


def test_names_with_spaces_quotes_and_unicode_come_through_exactly(tmp_path: Path) -> None:
    """`git ls-files -z` output is split on NUL, so no name is quoted or mangled."""
    names = ["docs/adr/0001 use spaces.md", 'docs/adr/0002-"quoted".md', "docs/adr/0003-café-ü.md"]
    repo = _repo(tmp_path / "r", *names[:2])
    _files(repo, names[2])  # untracked, so the --others path is covered too
    assert _docs(_run(repo)) == sorted(names)


def test_documents_are_sorted_and_workspace_relative(tmp_path: Path) -> None:
    """Paths are POSIX, relative to the root, and sorted."""
    repo = _repo(tmp_path / "r", "docs/adr/b/0002-x.md", "docs/adr/0010-y.md", "docs/adr/0001-z.md")
    assert _docs(_run(repo)) == ["docs/adr/0001-z.md", "docs/adr/0010-y.md", "docs/adr/b/0002-x.md"]


def test_a_workspace_below_the_repository_root_lists_its_own_files(tmp_path: Path) -> None:
    """A config in a sub-folder roots the workspace there; paths are relative to it."""
    repo = _repo(tmp_path / "r", "svc/docs/adr/0001-a.md", "docs/adr/0001-top.md")
    (repo / "svc" / "assay.toml").write_text("", encoding="utf-8")
    found = _run(repo / "svc")
    assert found.root == (repo / "svc").resolve()
    assert _docs(found) == ["docs/adr/0001-a.md"]


def test_git_that_cannot_run_falls_back_to_walking(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without a git program the tree is walked, and a note says so."""
    repo = _repo(tmp_path / "r", "docs/adr/0001-a.md")
    monkeypatch.setenv("PATH", str(tmp_path / "no-programs-here"))
    found = _run(repo)
    assert (found.git, _docs(found)) == (False, ["docs/adr/0001-a.md"])
    assert found.notes[0].message.startswith("git could not run")


def test_git_that_fails_falls_back_to_walking(tmp_path: Path) -> None:
    """A broken `.git` (here a file pointing nowhere) gives a note and a walk, not a crash."""
    root = tmp_path / "r"
    _files(root, "adr/0001-a.md")
    (root / ".git").write_text("gitdir: /nowhere\n", encoding="utf-8")
    found = _run(root)
    assert (found.git, _docs(found)) == (False, ["adr/0001-a.md"])
    assert found.notes[0].message.startswith("git ls-files failed (fatal:")


# --- outside git -----------------------------------------------------------------------


def test_outside_git_the_tree_is_walked(tmp_path: Path) -> None:
    """Without a repository every file counts, except in hidden folders and build output."""
    root = tmp_path / "plain"
    kept = ["docs/adr/0001-a.md", "docs/adr/sub/0002-b.md", "docs/adr/site/0003-c.md"]
    pruned = [
        "docs/adr/.hidden/0009-x.md",
        "docs/adr/node_modules/0009-y.md",
        "docs/adr/.venv/0009-z.md",
        "site/docs/adr/0009-w.md",
    ]
    _files(root, *kept, *pruned)
    (root / "site" / "assay.toml").write_text("", encoding="utf-8")  # must not be found either
    found = discover(Config.default(root))
    assert found.git is False
    assert _docs(found) == sorted(kept)


def test_outside_git_a_fifo_is_not_a_regular_file(tmp_path: Path) -> None:
    """A FIFO named like a record is skipped, never opened (opening would block)."""
    root = tmp_path / "plain"
    _files(root, "adr/0001-a.md")
    os.mkfifo(root / "adr" / "0002-pipe.md")
    found = discover(Config.default(root))
    assert _docs(found) == ["adr/0001-a.md"]
    assert _skips(found) == {"adr/0002-pipe.md": "not-regular-file"}


# --- zero configuration: where records live --------------------------------------------


@pytest.mark.parametrize("folder", RECORD_FOLDERS)
def test_every_conventional_folder_is_searched_with_its_sub_folders(
    tmp_path: Path, folder: str
) -> None:
    """Records directly in a conventional folder and in its sub-folders are found."""
    repo = _repo(tmp_path / "r", f"{folder}/0001-a.md", f"{folder}/area/0002-b.md", "notes/x.md")
    found = _run(repo)
    assert found.documents == (
        Candidate(path=f"{folder}/0001-a.md", origin="convention", folder=folder),
        Candidate(path=f"{folder}/area/0002-b.md", origin="convention", folder=folder),
    )


def test_folder_names_match_case_insensitively(tmp_path: Path) -> None:
    """`docs/ADR` is `docs/adr`; the folder is reported as the repository spells it."""
    repo = _repo(tmp_path / "r", "Docs/ADR/0001-a.md", "adrs/0002-b.md")
    assert [(c.path, c.folder) for c in _run(repo).documents] == [
        ("Docs/ADR/0001-a.md", "Docs/ADR"),
        ("adrs/0002-b.md", "adrs"),
    ]


def test_conventional_folders_count_only_from_the_root(tmp_path: Path) -> None:
    """`src/adr` is not `adr`: conventions are paths from the workspace root. A folder
    named as records folders are is found by its files instead: one named and written
    as a record is a record there (``src/adr/0001-a.md``), a page beside it is not, and
    another project's copy (``vendor/``) is never the project's."""
    repo = _repo(tmp_path / "r", "src/adr/0001-a.md", "vendor/docs/adr/0001-b.md")
    (repo / "src/adr/notes.md").write_text("# Notes\n\nSome notes.\n", encoding="utf-8")
    found = _run(repo)
    assert found.documents == (
        Candidate(path="src/adr/0001-a.md", origin="naming", folder="src/adr"),
    )


def test_only_markdown_files_are_records(tmp_path: Path) -> None:
    """`.md` and `.markdown` count; images and text files do not; a numbered name without
    an extension counts so that the anomaly can be reported."""
    names = ["0001-a.md", "0002-b.MD", "0003-c.markdown", "0004-d", "diagram.png", "notes.txt"]
    repo = _repo(tmp_path / "r", *(f"docs/adr/{n}" for n in names), "docs/adr/Makefile")
    assert _docs(_run(repo)) == [f"docs/adr/{n}" for n in names[:4]]


def test_adr_dir_names_a_records_folder(tmp_path: Path) -> None:
    """adr-tools' `.adr-dir` adds its folder; records there say where they came from."""
    repo = _repo(tmp_path / "r", "architecture/log/0001-a.md", "docs/adr/0002-b.md")
    (repo / ".adr-dir").write_text("architecture/log\n", encoding="utf-8")
    found = _run(repo)
    assert found.documents == (
        Candidate(path="architecture/log/0001-a.md", origin="adr-dir", folder="architecture/log"),
        Candidate(path="docs/adr/0002-b.md", origin="convention", folder="docs/adr"),
    )
    assert found.notes == ()


def test_adr_dir_naming_a_conventional_folder_reports_adr_dir(tmp_path: Path) -> None:
    """When the tool's setting and a convention agree, the setting is the origin."""
    repo = _repo(tmp_path / "r", "doc/adr/0001-a.md")
    (repo / ".adr-dir").write_text("doc/adr", encoding="utf-8")
    assert _run(repo).documents[0].origin == "adr-dir"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("missing/folder\n", "names missing/folder, which is not a folder"),
        ("../outside\n", "names '../outside', not a folder inside the workspace"),
        ("/etc\n", "names '/etc', not a folder inside the workspace"),
        ("\n", "names '', not a folder inside the workspace"),
    ],
)
def test_unusable_adr_dir_is_a_note(tmp_path: Path, content: str, message: str) -> None:
    """A `.adr-dir` that names nothing usable is a warning note; the conventions still apply."""
    repo = _repo(tmp_path / "r", "docs/adr/0001-a.md")
    (repo / ".adr-dir").write_text(content, encoding="utf-8")
    found = _run(repo)
    assert [(n.path, n.message) for n in found.notes] == [(".adr-dir", message)]
    assert _docs(found) == ["docs/adr/0001-a.md"]


def test_log4brains_adr_folder_and_package_folders_are_searched(tmp_path: Path) -> None:
    """`project.adrFolder` and every package's `adrFolder` in `.log4brains.yml` are searched."""
    repo = _repo(tmp_path / "r", "decisions/20240101-a.md", "packages/web/adr/20240102-b.md")
    (repo / ".log4brains.yml").write_text(
        "project:\n  name: x\n  adrFolder: ./decisions\n  packages:\n"
        "    - name: web\n      path: ./packages/web\n      adrFolder: ./packages/web/adr\n",
        encoding="utf-8",
    )
    found = _run(repo)
    assert [(c.path, c.origin, c.folder) for c in found.documents] == [
        ("decisions/20240101-a.md", "log4brains", "decisions"),
        ("packages/web/adr/20240102-b.md", "log4brains", "packages/web/adr"),
    ]


@pytest.mark.parametrize(
    ("content", "message", "line"),
    [
        ("project:\n  adrFolder: [unclosed\n", "invalid YAML: ", 3),
        ("project:\n  name: x\n", "no `project.adrFolder` string", None),
        ("- a list\n", "no `project.adrFolder` string", None),
        ("project:\n  adrFolder: ./nowhere\n", "names nowhere, which is not a folder", None),
    ],
)
def test_unusable_log4brains_file_is_a_note(
    tmp_path: Path, content: str, message: str, line: int | None
) -> None:
    """A broken or incomplete `.log4brains.yml` is a warning note, never a ConfigError."""
    repo = _repo(tmp_path / "r", "docs/adr/0001-a.md")
    (repo / ".log4brains.yml").write_text(content, encoding="utf-8")
    found = _run(repo)
    [note] = found.notes
    assert (note.path, note.line) == (".log4brains.yml", line)
    assert note.message.startswith(message)
    assert _docs(found) == ["docs/adr/0001-a.md"]


# --- zero configuration: what is not a record ------------------------------------------


def test_templates_are_skipped_whatever_their_name(tmp_path: Path) -> None:
    """A name that says it is a template, and anything in a templates folder, is one."""
    templates = [
        "docs/adr/template.md",
        "docs/adr/adr-template.md",
        "docs/adr/adr-template-bare-minimal.md",
        "docs/adr/0000-TEMPLATE.md",
        "docs/adr/0000-adr-template.md",
        "docs/adr/ADR000-template.md",
        "docs/adr/templates/short.md",
    ]
    repo = _repo(tmp_path / "r", *templates, "docs/adr/0000-record-architecture-decisions.md")
    found = _run(repo)
    assert _docs(found) == ["docs/adr/0000-record-architecture-decisions.md"]
    assert _skips(found) == dict.fromkeys(templates, "template")


def test_a_record_about_templates_is_a_record(tmp_path: Path) -> None:
    """Only template *names* are templates: a record whose subject is templates, or a
    folder of records about them, is read."""
    records = [
        "docs/adr/0010-django-templates.md",
        "docs/adr/0011-adr-template-changes.md",
        "docs/adr/email-templates/index.md",
    ]
    repo = _repo(tmp_path / "r", *records, "docs/adr/0001-a.md")
    found = _run(repo)
    assert _docs(found) == sorted([*records, "docs/adr/0001-a.md"])
    assert _skips(found) == {}


def test_a_records_folder_named_template_still_holds_records(tmp_path: Path) -> None:
    """Only the part below the records folder is looked at for "template"."""
    repo = _repo(tmp_path / "r", "platform-templates/adr/0001-a.md")
    (repo / ".adr-dir").write_text("platform-templates/adr\n", encoding="utf-8")
    assert _docs(_run(repo)) == ["platform-templates/adr/0001-a.md"]


def test_readme_and_the_folder_index_are_listings(tmp_path: Path) -> None:
    """README.md anywhere in a records folder and index.md directly in it list the records."""
    repo = _repo(
        tmp_path / "r",
        "docs/adr/README.md",
        "docs/adr/index.md",
        "docs/adr/area/readme.markdown",
        "docs/adr/0001-a.md",
    )
    found = _run(repo)
    assert _docs(found) == ["docs/adr/0001-a.md"]
    assert _skips(found) == {
        "docs/adr/README.md": "listing",
        "docs/adr/index.md": "listing",
        "docs/adr/area/readme.markdown": "listing",
    }


def test_slug_index_is_a_record_but_a_group_index_is_a_listing(tmp_path: Path) -> None:
    """`<slug>/index.md` alone in its folder is a record; next to numbered records it lists them."""
    repo = _repo(
        tmp_path / "r",
        "docs/decisions/0001-use-x/index.md",
        "docs/decisions/0001-use-x/appendix.md",
        "docs/decisions/backend/index.md",
        "docs/decisions/backend/0002-y.md",
    )
    found = _run(repo)
    assert _docs(found) == [
        "docs/decisions/0001-use-x/appendix.md",
        "docs/decisions/0001-use-x/index.md",
        "docs/decisions/backend/0002-y.md",
    ]
    assert _skips(found) == {"docs/decisions/backend/index.md": "listing"}


def test_with_include_templates_and_listings_are_the_users_choice(tmp_path: Path) -> None:
    """Globs in `include` are taken at their word: a README they match is a document."""
    repo = _repo(tmp_path / "r", "docs/adr/README.md", "docs/adr/template.md")
    (repo / "assay.toml").write_text('include = ["docs/adr/*.md"]\n', encoding="utf-8")
    found = _run(repo)
    assert found.documents == (
        Candidate(path="docs/adr/README.md", origin="include"),
        Candidate(path="docs/adr/template.md", origin="include"),
    )
    assert found.skipped == ()


# --- symbolic links and other files that are not regular -------------------------------


def test_symlinked_record_is_reported_and_not_followed(tmp_path: Path) -> None:
    """A link in a records folder is skipped as `symlink`, whether its target exists or not."""
    repo = _repo(tmp_path / "r", "docs/adr/0001-a.md", "elsewhere/0002.md")
    (repo / "docs/adr/0002-link.md").symlink_to("../../elsewhere/0002.md")
    (repo / "docs/adr/0003-dangling.md").symlink_to("/nonexistent/0003.md")
    found = _run(repo)
    assert _docs(found) == ["docs/adr/0001-a.md"]
    assert _skips(found) == {
        "docs/adr/0002-link.md": "symlink",
        "docs/adr/0003-dangling.md": "symlink",
    }


def test_symlinked_folder_inside_records_is_reported_and_not_entered(tmp_path: Path) -> None:
    """A linked sub-folder is one skipped entry; the records behind it are not listed."""
    outside = tmp_path / "outside"
    _files(outside, "0009-secret.md")
    repo = _repo(tmp_path / "r", "docs/adr/0001-a.md")
    (repo / "docs/adr/more").symlink_to(outside, target_is_directory=True)
    found = _run(repo)
    assert _docs(found) == ["docs/adr/0001-a.md"]
    assert _skips(found) == {"docs/adr/more": "symlink"}


def test_a_records_folder_that_is_a_link_is_reported(tmp_path: Path) -> None:
    """When `docs` itself is a link, the conventional folder behind it is never read."""
    _files(tmp_path / "outside", "adr/0001-a.md")
    repo = _repo(tmp_path / "r", "README.md")
    (repo / "docs").symlink_to(tmp_path / "outside", target_is_directory=True)
    found = _run(repo)
    assert (_docs(found), _skips(found)) == ([], {"docs": "symlink"})


def test_links_elsewhere_in_the_repository_are_not_reported(tmp_path: Path) -> None:
    """Only links that could hold records are reported; others are none of our business."""
    repo = _repo(tmp_path / "r", "docs/adr/0001-a.md", "src/x.py")
    (repo / "src/link.py").symlink_to("x.py")
    assert _run(repo).skipped == ()


def test_a_folder_replaced_by_a_link_after_staging_is_not_followed(tmp_path: Path) -> None:
    """git's index can still list files below a folder that is now a link; they are skipped."""
    repo = _repo(tmp_path / "r", "docs/adr/0001-a.md")
    (repo / "docs/adr/0001-a.md").unlink()
    (repo / "docs/adr").rmdir()
    _files(tmp_path / "outside", "0001-a.md")
    (repo / "docs/adr").symlink_to(tmp_path / "outside", target_is_directory=True)
    found = _run(repo)
    assert _docs(found) == []
    assert set(found.skipped) == {
        Skipped(path="docs/adr", reason="symlink"),
        Skipped(path="docs/adr/0001-a.md", reason="symlink", detail="below the link docs/adr"),
    }


def test_a_nested_repository_named_like_a_record_is_not_a_regular_file(tmp_path: Path) -> None:
    """git lists a nested repository as `name/`; it is a folder, so it is skipped."""
    repo = _repo(tmp_path / "r", "docs/adr/0001-a.md")
    _repo(repo / "docs/adr/0002-nested.md", "x.md")
    found = _run(repo)
    assert _docs(found) == ["docs/adr/0001-a.md"]
    assert _skips(found) == {"docs/adr/0002-nested.md": "not-regular-file"}


def test_symlinked_folder_matching_include_is_reported(tmp_path: Path) -> None:
    """With `include`, a link to a folder the globs could reach into is reported."""
    _files(tmp_path / "outside", "overview.md")
    repo = _repo(tmp_path / "r", "runs/a/overview.md")
    (repo / "runs/b").symlink_to(tmp_path / "outside", target_is_directory=True)
    (repo / "assay.toml").write_text('include = ["runs/*/overview.md"]\n', encoding="utf-8")
    found = _run(repo)
    assert (_docs(found), _skips(found)) == (["runs/a/overview.md"], {"runs/b": "symlink"})


# --- include, exclude and specs --------------------------------------------------------


def test_include_replaces_the_conventions_and_exclude_removes(tmp_path: Path) -> None:
    """With `include` only its matches are documents; `exclude` (a folder here) takes away."""
    repo = _repo(
        tmp_path / "r",
        "runs/a/overview.md",
        "runs/b/overview.md",
        "runs/archive/c/overview.md",
        "docs/adr/0001-a.md",
    )
    (repo / "assay.toml").write_text(
        'include = ["runs/**/overview.md"]\nexclude = ["runs/archive"]\n', encoding="utf-8"
    )
    assert _docs(_run(repo)) == ["runs/a/overview.md", "runs/b/overview.md"]


def test_exclude_applies_to_conventional_records_and_specs(tmp_path: Path) -> None:
    """`exclude` works without `include` too, and spec files obey it."""
    repo = _repo(
        tmp_path / "r", "docs/adr/0001-a.md", "docs/adr/old/0002-b.md", "a.assay", "vendor/b.assay"
    )
    (repo / "assay.toml").write_text('exclude = ["docs/adr/old/", "vendor"]\n', encoding="utf-8")
    found = _run(repo)
    assert (_docs(found), found.specs) == (["docs/adr/0001-a.md"], ("a.assay",))


def test_without_config_every_spec_file_git_lists_is_a_spec(tmp_path: Path) -> None:
    """Zero config: `*.assay` anywhere, tracked or untracked, but not ignored."""
    repo = _repo(tmp_path / "r", "a.assay", "specs/deep/b.assay", ".gitignore")
    (repo / ".gitignore").write_text("build/\n", encoding="utf-8")
    _files(repo, "specs/c.assay", "build/d.assay")
    assert _run(repo).specs == ("a.assay", "specs/c.assay", "specs/deep/b.assay")


def test_spec_globs_resolve_from_the_config_folder(tmp_path: Path) -> None:
    """`specs` in a nested config are relative to that config's folder, the workspace root."""
    repo = _repo(tmp_path / "r", "svc/specs/a.assay", "svc/other/b.assay", "specs/top.assay")
    (repo / "svc" / "assay.toml").write_text('specs = ["specs/*.assay"]\n', encoding="utf-8")
    assert _run(repo / "svc" / "other").specs == ("specs/a.assay",)


def test_a_symlinked_spec_is_reported(tmp_path: Path) -> None:
    """Spec files follow the same rule as documents: a link is skipped and reported."""
    repo = _repo(tmp_path / "r", "real/a.assay")
    (repo / "link.assay").symlink_to("real/a.assay")
    found = _run(repo)
    assert (found.specs, _skips(found)) == (("real/a.assay",), {"link.assay": "symlink"})


# --- file-name facts -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("0001-use-postgres.md", (1, "numbered")),
        ("001-x.md", (1, "numbered")),
        ("42-unpadded.md", (42, "numbered")),
        ("0000-record-architecture-decisions.md", (0, "numbered")),
        ("adr-012-x.md", (12, "numbered")),
        ("ADR012-x.md", (12, "numbered")),
        ("adr012-x.md", (12, "numbered")),
        ("ADR-7.md", (7, "numbered")),
        ("0005-no-extension", (5, "numbered")),
        ("20240131-x.md", (20240131, "dated")),
        ("2024-01-31-x.md", (20240131, "dated")),
        ("20241399-x.md", (20241399, "numbered")),
        ("use-postgres.md", None),
        ("index.md", None),
        ("adrx-1.md", None),
        ("1a-x.md", None),
        # A storage name: a number, `_` and a hash. Not a numbering scheme.
        ("003_2d1e3bea95390480.txt", None),
    ],
)
def test_record_number_reads_every_naming_scheme(
    name: str, expected: tuple[int, str] | None
) -> None:
    """Numbers and schemes come from the file name's prefix; an impossible date is a number."""
    assert record_number(name) == expected


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("0001-fine.md", []),
        ("0001 has space.md", ["spaces"]),
        ("0001-[draft].md", ["brackets"]),
        ("0001-x (old).md", ["spaces", "brackets"]),
        ("0001-x..md", ["double-dot"]),
        ("0001-x.md.md", ["double-extension"]),
        ("0001-x", ["no-extension"]),
        ("0001-x.markdown", []),
    ],
)
def test_name_anomalies_lists_what_is_odd(name: str, expected: list[str]) -> None:
    """Spaces, brackets, `..md`, `.md.md` and a missing extension are each named."""
    assert name_anomalies(name) == expected


# --- globs -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("pattern", "path", "expected"),
    [
        ("*.md", "a.md", True),
        ("*.md", "docs/adr/a.md", True),
        ("*.md", "a.mdx", False),
        ("docs/*.md", "docs/a.md", True),
        ("docs/*.md", "docs/adr/a.md", False),
        ("docs/**/*.md", "docs/a.md", True),
        ("docs/**/*.md", "docs/x/y/a.md", True),
        ("docs/**", "docs", False),
        ("docs/**", "docs/a/b", True),
        ("**/overview.md", "runs/a/overview.md", True),
        ("docs/archive", "docs/archive/2019/a.md", True),
        ("docs/archive/", "docs/archive", False),
        ("/adr/*.md", "adr/a.md", True),
        ("/adr/*.md", "x/adr/a.md", False),
        ("./adr/*.md", "adr/a.md", True),
        ("adr", "x/adr/a.md", True),
        ("0?-x.md", "01-x.md", True),
        ("[0-9]*.md", "7-x.md", True),
        ("[!0-9]*.md", "7-x.md", False),
        ("a**b", "axxb", True),
        ("a**b", "a/b", False),
    ],
)
def test_glob_examples(pattern: str, path: str, expected: bool) -> None:
    """Hand-checked cases of gitignore-like matching."""
    assert compile_glob(pattern).match(path) is expected


def test_glob_may_match_below_a_folder() -> None:
    """`may_match_below` says whether anything inside a folder could match."""
    glob = compile_glob("runs/*/overview.md")
    assert glob.may_match_below("runs")
    assert glob.may_match_below("runs/b")
    assert not glob.may_match_below("runs/b/c")
    assert not glob.may_match_below("docs")
    assert compile_glob("docs/archive").may_match_below("docs/archive/2019")


@pytest.mark.parametrize(
    "pattern", ["", "  ", "!x", "../x", "a/../b", "a\\b", "C:/x", "/", "[b-a]"]
)
def test_unusable_globs_raise(pattern: str) -> None:
    """Patterns that cannot name a workspace path raise GlobError."""
    with pytest.raises(GlobError, match=r"."):
        compile_glob(pattern)


_SEGMENT = st.text(alphabet="ab.-", min_size=1, max_size=3).filter(lambda s: s not in {".", ".."})
_PATHS = st.lists(_SEGMENT, min_size=1, max_size=5)
_WILD = st.text(alphabet="ab.-*?", min_size=1, max_size=3).filter(
    lambda s: s not in {".", "..", "**"}  # a whole `**` segment has its own property
)


@given(_PATHS, _PATHS)
def test_anchored_literal_matches_itself_and_what_it_holds(
    pattern: list[str], path: list[str]
) -> None:
    """A literal with a `/` matches exactly that path and everything below it."""
    glob = compile_glob("/" + "/".join(pattern))
    expected = path[: len(pattern)] == pattern
    assert glob.match("/".join(path)) is expected


@given(_SEGMENT, _PATHS)
def test_pattern_without_slash_matches_a_name_at_any_depth(name: str, path: list[str]) -> None:
    """A single-segment pattern matches when any path segment (file or folder) equals it."""
    assert compile_glob(name).match("/".join(path)) is (name in path)


@given(st.lists(_WILD, min_size=2, max_size=4), _PATHS)
def test_star_and_question_mark_stay_within_a_segment(pattern: list[str], path: list[str]) -> None:
    """Without `**`, segment i of the pattern matches segment i of the path (fnmatch's rules)."""
    expected = len(path) >= len(pattern) and all(
        fnmatchcase(part, wild) for part, wild in zip(path, pattern, strict=False)
    )
    assert compile_glob("/".join(pattern)).match("/".join(path)) is expected


@given(_PATHS, _SEGMENT, _PATHS)
def test_double_star_crosses_any_number_of_folders(
    prefix: list[str], name: str, path: list[str]
) -> None:
    """`prefix/**/name` matches when the path starts with prefix and name follows anywhere."""
    glob = compile_glob("/".join([*prefix, "**", name]))
    expected = path[: len(prefix)] == prefix and name in path[len(prefix) :]
    assert glob.match("/".join(path)) is expected


@given(_PATHS, _PATHS)
def test_trailing_double_star_matches_only_inside(prefix: list[str], path: list[str]) -> None:
    """`prefix/**` matches what is inside prefix, never prefix itself."""
    expected = len(path) > len(prefix) and path[: len(prefix)] == prefix
    assert compile_glob("/".join([*prefix, "**"])).match("/".join(path)) is expected


@given(st.lists(_WILD | st.just("**"), min_size=1, max_size=4), _PATHS, _PATHS)
def test_may_match_below_never_misses_a_match(
    pattern: list[str], folder: list[str], rest: list[str]
) -> None:
    """If some path inside a folder matches, `may_match_below` of that folder is true."""
    glob = compile_glob("/".join(pattern))
    if glob.match("/".join([*folder, *rest])):
        assert glob.may_match_below("/".join(folder))


#: What git may print for a name: any bytes but NUL (invalid UTF-8 included), `x/`
#: for a nested repository, a name twice for a conflicted file.
_GIT_NAMES = st.lists(
    st.one_of(
        st.binary(max_size=12).map(lambda b: b.replace(b"\0", b"")),
        st.sampled_from([b"a", b"a/", b"docs/adr/0001-x.md", b"\xff\xfe.md", "é.md".encode()]),
    ),
    max_size=12,
)


@given(_GIT_NAMES, st.booleans())
def test_the_git_listing_is_decoded_as_name_by_name(names: list[bytes], trailing: bool) -> None:
    """`_git_names` decodes the whole `-z` listing at once; it must give what decoding
    each name with `os.fsdecode` gives: every name once, sorted, none empty, no `x/`."""
    listing = b"\0".join(names) + (b"\0" if trailing and names else b"")
    one_by_one = {os.fsdecode(raw).rstrip("/") for raw in listing.split(b"\0")}
    assert _git_names(listing) == sorted(name for name in one_by_one if name)


ODD_NAMES = ("docs/adr/..md", "docs/adr/a..b.md", "docs/adr/.x", "docs/ a /b .md", "x.", "é/ü.md")


@pytest.mark.parametrize("git", [True, False])
def test_listed_files_are_in_normal_form(tmp_path: Path, git: bool) -> None:
    """The workspace's file index trusts the listing to be in normal form (no `a/./b`,
    no `a//b`, no trailing `/`): git's, with a nested repository and untracked files,
    and the walk's, with odd names."""
    root = tmp_path / "r"
    if git:
        _repo(root, *ODD_NAMES)
        _files(root, "docs/adr/0009-untracked.md")
        _git(root / "docs", "init", "-q", "nested")
    else:
        _files(root, *ODD_NAMES)
    listing = list_files(Config.default(root))
    assert listing.git is git
    assert len(listing.files) >= len(ODD_NAMES)
    assert FileIndex.build(listing.files, normal=True) == FileIndex.build(listing.files)


#: Pieces of a pattern segment: literals, wildcards, classes and stray brackets.
_PIECES = ["a", "b", ".", "-", "*", "?", "[ab]", "[!a]", "[]a]", "[a-b]", "[", "]", "!"]
_ANY_SEGMENT = (
    st.lists(st.sampled_from(_PIECES), min_size=1, max_size=4)
    .map("".join)
    .filter(lambda s: s not in {".", ".."})
)


_ODD_PATHS = st.lists(
    st.text(alphabet="ab.-[]!*?", min_size=1, max_size=4).filter(lambda s: s not in {".", ".."}),
    min_size=1,
    max_size=5,
)


@given(
    st.lists(_ANY_SEGMENT, min_size=1, max_size=4), st.booleans(), st.lists(_ODD_PATHS, max_size=8)
)
def test_selecting_from_many_paths_agrees_with_matching_each(
    pattern: list[str], anchored: bool, paths: list[list[str]]
) -> None:
    """`Glob.select` skips paths without the pattern's literal text before its regular
    expression runs: it must keep exactly the paths `Glob.match` accepts, classes,
    `[` left literal and `**` included."""
    text = ("/" if anchored else "") + "/".join(pattern)
    try:
        glob = compile_glob(text)
    except GlobError:
        return  # an unusable pattern (`[z-a]`) has nothing to select
    listing = ["/".join(path) for path in paths]
    # And paths made from the pattern, so that many match: a class becomes a member.
    for keep in ("ab", "a", "b"):
        made = re.sub(r"\[!?\]?([^\]]*)\]", lambda m: m[1][:1] or "x", text.lstrip("/"))
        listing.append(made.replace("*", keep).replace("?", keep[0]))
    assert list(glob.select(listing)) == [p for p in listing if glob.match(p)]
    assert all(glob.literal in p for p in listing if glob.match(p))


def test_a_glob_knows_the_text_its_matches_hold() -> None:
    assert compile_glob("**/*.assay").literal == ".assay"
    assert compile_glob("docs/[ab]dr-*/x?z.md").literal == "docs"
    assert compile_glob("*").literal == ""


@pytest.mark.parametrize("broken", [False, True])
def test_a_listing_started_ahead_is_the_listing(tmp_path: Path, broken: bool) -> None:
    """`start_listing` runs git early for the command line; `list_files` then takes
    its result, which is the listing git gives when asked then (a broken repository
    included: a note and a walk)."""
    root = _repo(tmp_path / "r", "docs/adr/0001-a.md", "README.md")
    _files(root, "docs/adr/0002-untracked.md")
    if broken:
        shutil.rmtree(root / ".git")
        (root / ".git").write_text("gitdir: /nowhere\n", encoding="utf-8")
    config = Config.default(root)
    expected = list_files(config)
    started = start_listing(config)
    assert started is not None  # git is running (the broken repository still looks one)
    assert list_files(config, started) == expected
    assert started.process.returncode is not None  # and its result was taken


def test_outside_git_no_listing_starts_ahead(tmp_path: Path) -> None:
    root = tmp_path / "plain"
    _files(root, "adr/0001-a.md")
    assert start_listing(Config.default(root)) is None


# --- the listing in one pass ---------------------------------------------------------------

_PARTS = st.sampled_from(
    ["docs", "Docs", "adr", "decisions", "doc", "src", "template", "architecture", "ß", "x"]
)
_NAMES = st.sampled_from(
    ["0001-a.md", "0002-b.MD", "README.md", "index.md", "template.md", "notes.txt", "0003-c",
     "adr", "Docs", "x.markdown", "ſtraße.md"]  # noqa: RUF001 - a long s, on purpose
)  # fmt: skip
_PATHS = st.builds(
    lambda folders, name: "/".join([*folders, name]), st.lists(_PARTS, max_size=4), _NAMES
)


@given(st.lists(_PATHS, unique=True, max_size=40), st.sampled_from([(), ("ADR",), ("docs/x",)]))
def test_each_folder_is_placed_once_as_each_file_would_place_it(
    paths: list[str], declared: tuple[str, ...]
) -> None:
    """The scan places each folder once for all its files: every file is classified as
    it would be scanned alone (index pages aside: they depend on their neighbours)."""
    folders = (
        *((tuple(d.casefold().split("/")), "adr-dir") for d in declared),
        *((tuple(f.casefold().split("/")), "convention") for f in RECORD_FOLDERS),
    )
    specs = {p for p in paths if p.endswith(".txt")}

    def scanned(pool: list[str]) -> dict[str, object]:
        records = record_folders.Records(folders, specs, {})  # type: ignore[arg-type]
        records.scan(sorted(pool), set())
        found: dict[str, object] = dict(records.selected)
        found.update((s.path, s) for s in records.skipped)
        found.update((p, "maybe a link") for p in records.maybe_links)
        return found

    together = scanned(paths)
    alone: dict[str, object] = {}
    for path in paths:
        alone.update(scanned([path]))
    index = {p for p in paths if p.rpartition("/")[2] in ("index.md", "index.markdown")}
    assert {p: v for p, v in together.items() if p not in index} == {
        p: v for p, v in alone.items() if p not in index
    }


# --- series known by their files' names and text (issue 25) ------------------------

_COSMOS = ("docs/architecture/adr-001-a.md", "docs/architecture/adr-002-b.md")


def test_a_folder_named_and_written_as_records_is_a_records_folder(tmp_path: Path) -> None:
    """`docs/architecture/adr-NNN-x.md` (the Cosmos layout) is found with no `.adr-dir`;
    the folder's other pages are not records, and a named file that does not read as
    one is still a record of the series (its defects are reported, not dropped)."""
    repo = _repo(tmp_path / "r", *_COSMOS, "docs/architecture/README.md")
    (repo / "docs/architecture/ADR-3.md").write_text("# ADR 3: Draft\n\nTo write.\n")
    (repo / "docs/architecture/adr-000-template.md").write_text(RECORD)
    found = _run(repo)
    assert found.documents == tuple(
        Candidate(path=p, origin="naming", folder="docs/architecture")
        for p in ("docs/architecture/ADR-3.md", *_COSMOS)
    )
    assert Skipped(path="docs/architecture/adr-000-template.md", reason="template") in (
        found.skipped
    )


@pytest.mark.parametrize(
    "names",
    [
        ["adr-001-a.md"],  # one numbered page is no series
        ["0001-a.txt", "0002-b.txt"],  # not Markdown
    ],
)
def test_what_is_no_named_series(tmp_path: Path, names: list[str]) -> None:
    repo = _repo(tmp_path / "r", *(f"design/{n}" for n in names))
    assert _docs(_run(repo)) == []


def test_dated_names_are_a_series_when_written_as_records_not_posts(tmp_path: Path) -> None:
    """A dated name is a blog post's as often as a record's: dated files written as
    records are a series (Cluster API's ``docs/proposals/20200506-x.md``); dated posts,
    which state no status and argue for no proposal, are not."""
    repo = _repo(tmp_path / "r", "docs/proposals/20240101-a.md", "docs/proposals/20240102-b.md")
    (repo / "blog").mkdir()
    for name in ("2024-01-01-hello.md", "2024-02-01-release.md"):
        (repo / "blog" / name).write_text("# Hello\n\nWe shipped.\n\n## Thanks\n\nAll.\n")
    assert _docs(_run(repo)) == ["docs/proposals/20240101-a.md", "docs/proposals/20240102-b.md"]


def test_a_numbered_folder_mostly_not_written_as_records_is_passed_over_and_says_why(
    tmp_path: Path,
) -> None:
    repo = _repo(tmp_path / "r", "notes/0001-a.md")
    for name in ("0002-b.md", "0003-c.md"):
        (repo / "notes" / name).write_text("# A meeting\n\nWe met.\n")
    (repo / "guide").mkdir()
    for name in ("01-install.md", "02-run.md"):
        (repo / "guide" / name).write_text("# A step\n\nDo this.\n")
    found = _run(repo)
    assert _docs(found) == []
    detail = "1 of the 3 named as records in notes read as one"
    assert found.skipped == tuple(
        Skipped(path=f"notes/{n}", reason="not-records", detail=detail)
        for n in ("0001-a.md", "0002-b.md", "0003-c.md")
    )  # the numbered guide, with no record at all, is not listed


@pytest.mark.parametrize("top", ["tests", "vendor", "node_modules", ".github", "fixtures"])
def test_named_series_in_fixtures_and_copies_are_not_the_projects(tmp_path: Path, top: str) -> None:
    repo = _repo(tmp_path / "r", *(f"{top}/x/{p}" for p in _COSMOS))
    assert _docs(_run(repo)) == []


def test_include_replaces_the_named_series_too(tmp_path: Path) -> None:
    repo = _repo(tmp_path / "r", *_COSMOS, "records/0001-x.md")
    (repo / "assay.toml").write_text('include = ["records/*.md"]\n', encoding="utf-8")
    assert _docs(_run(repo)) == ["records/0001-x.md"]


@pytest.mark.parametrize(
    "head",
    [
        "---\nstatus: accepted\n---\n# A\n",
        "# A\n\n* **Status:** Accepted\n",
        "# A\n\n**Status**: accepted\n",
        "# A\n\n| Status | Accepted |\n|---|---|\n",
        "# A\n\n## 2. Status\n\nAccepted\n",
        "# A\n\n## Decision Outcome\n\nB.\n",
        "# A\n\n## Decisions\n\nB.\n",
        "# A\n\n* Author(s): B\n* State: Approved\n",
        # A proposal's sections: two different ones
        "# A\n\n## Motivation\n\nB.\n\n## Alternatives Considered\n\nC.\n",
        "A\n=\n\nProblem\n-------\n\nB.\n\nProposed Enhancement\n--------------------\n\nC.\n",
    ],
)
def test_each_way_a_record_states_its_status_reads_as_one(tmp_path: Path, head: str) -> None:
    repo = _repo(tmp_path / "r")
    for name in ("adr-001-a.md", "adr-002-b.md"):
        (repo / "design").mkdir(exist_ok=True)
        (repo / "design" / name).write_text(head, encoding="utf-8")
    assert len(_docs(_run(repo))) == 2


@pytest.mark.parametrize(
    "head",
    [
        "# A\n\n## Background\n\nB.\n",  # one proposal section is any page's
        "# A\n\n## Motivation\n\nB.\n\n## Motivation\n\nC.\n",  # the same one twice
        "# A\n\nMotivation and proposal, in a sentence.\n",  # words, not sections
        "# A\n\nThe state: fine.\n",  # a state not in a list
    ],
)
def test_what_does_not_read_as_a_record(tmp_path: Path, head: str) -> None:
    repo = _repo(tmp_path / "r")
    (repo / "design").mkdir()
    for name in ("0001-a.md", "0002-b.md"):
        (repo / "design" / name).write_text(head, encoding="utf-8")
    assert _docs(_run(repo)) == []


@given(st.binary(max_size=300))
def test_any_bytes_read_as_a_record_or_not_without_failing(data: bytes) -> None:
    from assay.engine.workspace.named_folders import _WRITTEN, reads_as_record

    text = data.decode("utf-8", "replace")
    assert isinstance(_WRITTEN.search(text) is not None, bool)
    assert isinstance(reads_as_record(text), bool)


def test_a_listing_started_for_another_workspace_is_not_taken(tmp_path: Path) -> None:
    one = _repo(tmp_path / "one", "docs/adr/0001-a.md")
    other = _repo(tmp_path / "other", "docs/adr/0001-b.md", "docs/adr/0002-c.md")
    started = start_listing(Config.default(one))
    assert started is not None
    assert (
        list_files(Config.default(other), started).files == list_files(Config.default(other)).files
    )
    assert list_files(Config.default(one), started).files == ("docs/adr/0001-a.md",)
