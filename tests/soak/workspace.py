"""Scratch workspaces for the entry points that check a whole workspace.

Each target keeps one folder under the output folder and rebuilds it for every input:
a config, the bundled example spec, one real record beside the fuzzed file (so the
checks that compare records have something to compare), and the fuzzed parts.
"""

from __future__ import annotations

import os
import random
import shutil
from pathlib import Path

from tests.soak.corpus import ROOT

_EXAMPLES = ROOT / "examples"
_NEIGHBOUR = "docs/adr/0001-record-architecture-decisions.md"
_SPEC = "assay/decisions.assay"
_NAME_MAX = 255  # bytes, on the file systems CI runs on
_RUN = "runs/github.com-vectifyai-pageindex"
#: The example run's files, each of which the `run` target may fuzz.
RUN_FILES = (
    "run.toml",
    "boundary.md",
    "output/runtime.md",
    "lenses/memory.md",
    "lenses/epistemic.md",
    "overview.md",
    "verify.md",
    "review.md",
    "rounds/01/overview.md",
)


def run_file(relative: str) -> bytes:
    """The bytes of the example run's file at ``relative``."""
    return (_EXAMPLES / _RUN / relative).read_bytes()


def place_run(root: Path, relative: str, data: bytes) -> Path:
    """The example run copied into ``root``, its file ``relative`` replaced by ``data``;
    the run folder."""
    folder = root / _RUN
    shutil.copytree(_EXAMPLES / _RUN, folder)
    (folder / relative).write_bytes(data)
    return folder


def rebuild(folder: Path) -> Path:
    """An empty ``folder`` (its old contents gone, whatever they were)."""
    if folder.is_symlink() or folder.is_file():
        folder.unlink()
    elif folder.exists():
        _make_writable(folder)
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    return folder


def _make_writable(folder: Path) -> None:
    for directory, names, _files in os.walk(folder):
        for name in names:
            path = os.path.join(directory, name)
            if not os.path.islink(path):
                os.chmod(path, 0o755)


def base_workspace(
    folder: Path,
    *,
    config: bytes | None = None,
    config_name: str = "assay.toml",
    spec: bytes | None = None,
) -> Path:
    """A workspace with the example config and spec (or the given ones) and one record."""
    root = rebuild(folder)
    (root / config_name).write_bytes(
        config if config is not None else (_EXAMPLES / "assay.toml").read_bytes()
    )
    (root / "assay").mkdir()
    (root / _SPEC).write_bytes((_EXAMPLES / _SPEC).read_bytes())
    if spec is not None:
        (root / "assay" / "fuzzed.assay").write_bytes(spec)
    (root / "docs" / "adr").mkdir(parents=True)
    (root / _NEIGHBOUR).write_bytes((_EXAMPLES / _NEIGHBOUR).read_bytes())
    return root


# ---- odd file names ------------------------------------------------------------------


def odd_name(rng: random.Random) -> bytes:
    """A file name (bytes) that a careless reader would choke on."""
    stem = rng.choice(
        (
            b"0002-\xff\xfe-not-utf8",
            b"0002-\xc3",
            b"0002-\xed\xa0\x80-surrogate",
            b"0002-line\nbreak",
            b"0002-tab\tand\rcr",
            b"0002-\x1b[31mred",
            b"0002-\x7f\x01\x02",
            b"0002-" + "é".encode() * 60,
            b"0002-" + "e\xcc\x81".encode() * 3,
            b"0002-\xe2\x80\xae-rtl",
            b"0002-" + b"x" * 300,
            b"-0002-dash",
            b"--help",
            b"0002 spaces  here",
            b"0002-[glob]*?",
            b"0002-\\back",
            b"0002-%s%n",
            b"0002-'quote\"",
            b"0002-\xf0\x9f\x92\xa9",
            b"0002-<>&",
            b"0002-#frag",
            b"0002-a:b",
            b"0002-\xe2\x80\xa8sep",
            b"0002-\x85next",
        )
    )
    suffix = rng.choice((b".md", b".md", b".MD", b".markdown", b".md.", b".md\n", b"", b".txt"))
    name = stem + suffix
    if len(name) > _NAME_MAX:
        name = name[: _NAME_MAX - len(suffix)] + suffix
    return name


def place_document(rng: random.Random, root: Path, name: bytes, data: bytes) -> str:
    """Put the fuzzed document (or something odd) at ``docs/adr/<name>``; say what."""
    folder = os.fsencode(root / "docs" / "adr")
    path = os.path.join(folder, name)
    kind = rng.random()
    try:
        if kind < 0.08:  # a directory with a document's name, holding a document
            os.mkdir(path)
            with open(os.path.join(path, b"inner.md"), "wb") as stream:
                stream.write(data)
            return "directory"
        if kind < 0.12:
            os.symlink(b"missing-target.md", path)
            return "dangling symlink"
        if kind < 0.15:
            os.symlink(name, path)  # a link to itself: a loop
            return "symlink loop"
        if kind < 0.18:
            os.symlink(b"/etc/hostname", path)
            return "symlink out of the workspace"
        if kind < 0.20:
            os.mkfifo(path)
            return "fifo"
        if kind < 0.25:  # deep folders: a path near PATH_MAX
            deep = os.path.join(folder, *([b"d" * 200] * rng.randint(2, 19)))
            os.makedirs(deep, exist_ok=True)
            path = os.path.join(deep, name)
        with open(path, "wb") as stream:
            stream.write(data)
        return "file"
    except OSError as error:  # the name is too long for this file system: still a case
        return f"not created ({error.strerror})"
