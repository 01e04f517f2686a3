"""The one rule of what a write may replace (DESIGN §6), place by place.

One real git workspace holds every kind of place a destination can name: tracked and
untracked files, inputs (a record, a spec, the config), `.git`, a committed link to a
folder outside, a dangling link, a previous output, someone else's files, empty and
full folders; and a folder outside the workspace. Each row names a destination and
what the rule must say of it: allowed (None) or the reason's words.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from attrs import evolve
from hypothesis import given, settings
from hypothesis import strategies as st

from assay.engine.files.destination import (
    Destination,
    DestinationRefused,
    Ground,
    Place,
    claim,
    claim_edit,
    judge,
    survey,
)

#: What the tests' writer makes: a file that starts so is "a previous output".
MADE = b"MADE BY THE TEST\n"


def _made(path: Path) -> bool:
    if path.is_dir():
        return (path / "marker").is_file()
    return path.read_bytes().startswith(MADE)


def _git(root: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=root, check=True, capture_output=True)


@pytest.fixture(scope="module")
def places(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``top/ws`` (the workspace, a git repository) and ``top/elsewhere`` beside it."""
    top = tmp_path_factory.mktemp("places")
    root, elsewhere = top / "ws", top / "elsewhere"
    for folder in ("docs/adr", "assay", "notes", "empty", "tracked", "site", "inner"):
        (root / folder).mkdir(parents=True)
    elsewhere.mkdir()
    (elsewhere / "theirs.txt").write_text("theirs")
    (elsewhere / "report.txt").write_bytes(MADE + b"old")
    files = {
        "README.md": "# ws\n",
        "docs/adr/0001-x.md": "# 1. X\n",
        "assay.toml": "[tool]\n",
        "tracked/kept.txt": "kept\n",
        "gone.txt": "tracked, then deleted from the work tree\n",
    }
    for name, text in files.items():
        (root / name).write_text(text)
    (root / "outdir").symlink_to("../elsewhere")
    (root / "inner/link").symlink_to("../notes")
    _git(root, "init", "-q")
    _git(root, "add", "-A")
    (root / "gone.txt").unlink()
    # Untracked from here on.
    (root / "assay/context.assay").write_text("spec\n")
    (root / "notes/mine.txt").write_text("mine\n")
    (root / "report.txt").write_bytes(MADE + b"old report\n")
    (root / "site/marker").write_text("site\n")
    (root / "dangling").symlink_to("../elsewhere/nothing-yet")
    os.mkfifo(root / "pipe")
    (top / "into-ws").symlink_to("ws/notes")  # a link outside that leads in
    return top


#: (destination, shape, the reason's words or None when allowed)
ROWS = [
    # absent paths, inside and outside
    ("new.txt", "file", None),
    ("fresh/deeper/new.txt", "file", None),
    ("bundle", "folder", None),
    ("../elsewhere/new.txt", "file", None),
    # what assay made
    ("report.txt", "file", None),
    ("site", "folder", None),
    ("empty", "folder", None),
    ("../elsewhere/report.txt", "file", None),
    # tracked files and folders holding one
    ("README.md", "file", "is a file git tracks"),
    ("tracked", "folder", "holds a file git tracks"),
    ("gone.txt", "file", "is a file git tracks"),
    # inputs
    ("docs/adr/0001-x.md", "file", "is an input assay reads"),
    ("assay/context.assay", "file", "is an input assay reads"),
    ("assay.toml", "file", "is an input assay reads"),
    ("docs", "folder", "holds an input assay reads"),
    # anything under .git
    (".git/config", "file", "inside a .git folder"),
    (".git/hooks/pre-commit", "file", "inside a .git folder"),
    (".git/new-file", "file", "inside a .git folder"),
    (".git", "folder", "inside a .git folder"),
    (".GIT/x", "file", "inside a .git folder"),
    # the workspace, the current folder, their ancestors
    (".", "folder", "is the current folder"),
    ("..", "folder", "is an ancestor of the current folder"),
    ("/", "folder", "is an ancestor of the current folder"),
    # links, and paths through them
    ("outdir", "folder", "is a symbolic link"),
    ("outdir/x", "file", "passes through the symbolic link 'outdir'"),
    ("outdir/x", "folder", "passes through the symbolic link 'outdir'"),
    ("outdir/../ws/new.txt", "file", "passes through the symbolic link 'outdir'"),
    ("inner/link/x", "file", "passes through the symbolic link 'inner/link'"),
    ("dangling", "file", "is a symbolic link"),
    # someone else's, and the wrong shape
    ("notes", "folder", "is a folder assay did not make"),
    ("notes/mine.txt", "file", "is a file assay did not make"),
    ("../elsewhere/theirs.txt", "file", "is a file assay did not make"),
    ("../elsewhere", "folder", "is a folder assay did not make"),
    ("empty", "file", "is a folder, not a file"),
    ("report.txt", "folder", "exists and is not a folder"),
    ("pipe", "file", "neither a regular file nor a folder"),
    # a link outside the workspace that leads in: judged where it lands
    ("../into-ws/mine.txt", "file", "is a file assay did not make"),
    ("../into-ws/new.txt", "file", None),
]


@pytest.mark.parametrize(("path", "shape", "reason"), ROWS)
def test_the_rule_place_by_place(
    places: Path, monkeypatch: pytest.MonkeyPatch, path: str, shape: str, reason: str | None
) -> None:
    root = places / "ws"
    monkeypatch.chdir(root)
    inputs = [root / "docs/adr/0001-x.md", root / "assay/context.assay", root / "assay.toml"]
    destination = Destination(path, "--out", shape, made=_made)  # type: ignore[arg-type]
    ground = Ground(workspace=root, inputs=lambda: inputs)
    before = _tree(places)
    if reason is None:
        target = claim(destination, ground)
        assert target == Path(os.path.realpath(root / path))
    else:
        with pytest.raises(DestinationRefused) as refused:
            claim(destination, ground)
        assert reason in str(refused.value)
        assert str(refused.value).startswith(f"--out {path!r} ")
        assert str(refused.value).endswith("; nothing was written")
    assert _tree(places) == before  # asking never touches anything


def test_a_reserved_name_is_refused_even_while_absent(places: Path) -> None:
    """A store's journal (``-wal``) is not there between runs; no write may take its name."""
    root = places / "ws"
    ground = Ground(workspace=root, reserved=(root / "store.sqlite-wal",))
    with pytest.raises(DestinationRefused, match="is an input assay reads"):
        claim(Destination(str(root / "store.sqlite-wal"), "--output"), ground)


def test_the_owned_tracked_file_is_allowed_and_nothing_else_tracked(places: Path) -> None:
    """ADR 097 makes a run's own review.md assay's, tracked or not: ``owned``."""
    root = places / "ws"
    owned = Destination(str(root / "README.md"), "--dest", made=lambda _: True, owned=True)
    assert claim(owned, Ground(workspace=root)) == root / "README.md"
    with pytest.raises(DestinationRefused, match=r"inside a \.git folder"):
        claim(evolve(owned, path=str(root / ".git/config")), Ground(workspace=root))


def test_an_edit_in_place_passes_the_rule_but_for_tracked_and_made(places: Path) -> None:
    root = places / "ws"
    assert claim_edit(root / "README.md", flag="pin --write", workspace=root) == root / "README.md"
    for path, why in [
        (".git/config", "inside a .git folder"),
        ("outdir/theirs.txt", "passes through the symbolic link"),
        ("dangling", "is a symbolic link"),
    ]:
        with pytest.raises(DestinationRefused, match=why):
            claim_edit(root / path, flag="pin --write", workspace=root)


def test_judge_is_a_function_of_the_facts_alone() -> None:
    """The same facts, the same verdict; each refusing fact refuses on its own."""
    destination = Destination("x", "--out", made=_made)
    clear = Place(target=Path("/w/x"), kind="file", made=True)
    assert judge(destination, clear) is None
    for fact in (
        {"inside_git": True},
        {"home": "the workspace"},
        {"linked": "outdir"},
        {"tracked": "."},
        {"input": "/w/x"},
        {"made": False},
        {"kind": "link"},
        {"kind": "folder"},
        {"kind": "other"},
    ):
        assert judge(destination, evolve(clear, **fact)) is not None, fact  # type: ignore[arg-type]
    assert judge(evolve(destination, owned=True), evolve(clear, tracked=".")) is None


def _tree(top: Path) -> dict[str, tuple[str, bytes | str]]:
    """Every entry below ``top``: a link's target, a file's bytes, a folder (`.git` too)."""
    found: dict[str, tuple[str, bytes | str]] = {}
    for folder, names, files in os.walk(top):
        for name in names + files:
            path = Path(folder) / name
            key = str(path.relative_to(top))
            if path.is_symlink():
                found[key] = ("link", os.readlink(path))
            elif path.is_file():
                found[key] = ("file", path.read_bytes())
            else:
                found[key] = ("other", "")
    return found


def test_survey_reads_the_inputs_only_where_something_is(places: Path) -> None:
    """An absent path holds no input: the workspace's inputs are not listed for it (a
    discovery of a large workspace is not paid for a new report)."""
    root = places / "ws"
    asked: list[int] = []

    def inputs() -> list[Path]:
        asked.append(1)
        return []

    survey(Destination(str(root / "new.txt"), "--output"), Ground(workspace=root, inputs=inputs))
    assert asked == []
    survey(Destination(str(root / "report.txt"), "--output"), Ground(workspace=root, inputs=inputs))
    assert asked == [1]


def test_a_path_with_a_nul_is_refused_with_a_message(places: Path) -> None:
    """No file name holds a NUL; the system would raise, the rule says so instead."""
    with pytest.raises(DestinationRefused, match="NUL character"):
        claim(Destination("report\0.json", "--output"), Ground(workspace=places / "ws"))


def test_the_target_is_where_the_path_lands_walked_as_the_system_walks_it(
    places: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Outside the workspace a link may be named; `link/..` is then the parent of the
    link's target, as the system takes it, and that is where the write goes."""
    monkeypatch.chdir(places / "ws")
    target = claim(Destination("../into-ws/../new.txt", "--out"), Ground(workspace=places / "ws"))
    assert target == places / "ws" / "new.txt"


@pytest.mark.parametrize("path", ["a" * 300, "d/" * 3000 + "x"])
def test_a_name_the_system_cannot_examine_is_refused_with_a_message(
    places: Path, path: str
) -> None:
    """Too long a name (ENAMETOOLONG): refused in words, never an OSError; `eval prepare
    --db` ended in a traceback there."""
    with pytest.raises(DestinationRefused, match=r"cannot be examined \(File name too long\)"):
        claim(Destination(str(places / "ws" / path), "--db"), Ground(workspace=places / "ws"))


#: Path parts worth meeting: climbs, the link out, `.git`, a lone surrogate, a NUL, a
#: name too long for the system.
_PARTS = st.sampled_from(
    ["..", ".", "", "outdir", "notes", ".git", "x", "é", "\ud800", "\0", "a" * 300]
)


@settings(max_examples=min(settings().max_examples, 40))
@given(
    parts=st.lists(_PARTS | st.text(min_size=1, max_size=8), max_size=6),
    absolute=st.booleans(),
    shape=st.sampled_from(["file", "folder"]),
)
def test_any_path_is_judged_or_refused_in_words(
    places: Path, parts: list[str], absolute: bool, shape: str
) -> None:
    """Whatever the path (any text: `..`, NULs, lone surrogates, long names), the rule
    answers with a place or a `DestinationRefused`, never another error, and touches
    nothing; an allowed place is never under `.git` nor the link `outdir` leads to."""
    root = places / "ws"
    path = "/".join(parts)
    named = str(root / path) if absolute else path
    before = _tree(places)
    here = os.getcwd()
    os.chdir(root)
    try:
        target = claim(
            Destination(named, "--out", shape, made=_made),  # type: ignore[arg-type]
            Ground(workspace=root, inputs=lambda: [root / "docs/adr/0001-x.md"]),
        )
    except DestinationRefused as refused:
        assert str(refused).startswith("--out ") and str(refused).endswith("nothing was written")
    else:
        assert ".git" not in {p.casefold() for p in target.parts}
        assert places / "elsewhere" not in (target, *target.parents)
    finally:
        os.chdir(here)
    assert _tree(places) == before
