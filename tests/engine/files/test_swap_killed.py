"""A real SIGKILL at every step of ``folders.swap_in``: the destination holds the old
folder or the new one, never neither, and ``recover`` leaves nothing beside it.

On the fallback the destination is absent between its two renames (as the module
says); a kill there leaves the old folder whole beside it, and ``recover`` puts it back.

A small Python process swaps a staged folder in with each step of the swap wrapped
(the exchange, each ``os.rename``, each ``rmtree``): it kills itself with SIGKILL
just before or just after step N (or in the middle of an ``rmtree``, one file
removed), for every N, on the ``renameat2`` path and on the fallback.
"""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

import pytest

from assay.engine.files import folders

#: The process: argv is out, new, path ("renameat2" | "fallback"), step, when.
SWAPPER = r"""
import os, shutil, signal, sys
from pathlib import Path
from assay.engine.files import folders

out, new, path, chosen, when = sys.argv[1:]
chosen = int(chosen)
steps = 0

def die():
    os.kill(os.getpid(), signal.SIGKILL)

def step(real, name, midway=None):
    def wrapped(*args, **kwargs):
        global steps
        if when == "during" and midway is None:  # only a removal has a middle
            return real(*args, **kwargs)
        steps += 1
        mine = steps == chosen
        if mine and when == "before":
            die()
        if mine and when == "during" and midway is not None:
            midway(*args)
            die()
        result = real(*args, **kwargs)
        if mine and when == "after":
            die()
        return result
    return wrapped

def remove_one(folder, *args):
    first = next((p for p in Path(folder).rglob("*") if p.is_file()), None)
    if first is not None:
        first.unlink()

if path == "fallback":
    folders._renameat2 = None
elif folders._renameat2 is not None:
    folders._renameat2 = step(folders._renameat2, "exchange")
os.rename = step(os.rename, "rename")
shutil.rmtree = step(shutil.rmtree, "rmtree", midway=remove_one)
folders.swap_in(Path(new), Path(out))
print(steps)
"""

OLD = {"index.html": "old", "a/page.html": "old page", "a/b/deep.html": "old deep"}
NEW = {"index.html": "new", "c/page.html": "new page", "stale-free.txt": "new"}


def lay_out(folder: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")


def held(folder: Path) -> dict[str, str]:
    return {
        p.relative_to(folder).as_posix(): p.read_text(encoding="utf-8")
        for p in folder.rglob("*")
        if p.is_file()
    }


def swap_killed(tmp_path: Path, path: str, step: int, when: str) -> tuple[int, str]:
    """Stage OLD at ``out`` and NEW beside it, swap in a process killed at ``step``;
    its exit code and what it printed (the steps it took, when it was not killed)."""
    out = tmp_path / "site"
    out.mkdir()
    lay_out(out, OLD)
    new = folders.staging(out)
    lay_out(new, NEW)
    result = subprocess.run(
        [sys.executable, "-c", SWAPPER, str(out), str(new), path, str(step), when],
        capture_output=True,
        text=True,
        check=False,
    )
    return result.returncode, result.stdout


@pytest.mark.parametrize("path", ["renameat2", "fallback"])
@pytest.mark.parametrize("when", ["before", "during", "after"])
def test_a_kill_at_any_step_leaves_the_old_folder_or_the_new(
    tmp_path: Path, path: str, when: str
) -> None:
    if path == "renameat2":
        assert folders.exchange_supported()  # Linux with glibc: the path CI takes
    outcomes: list[str] = []
    step = 1
    while True:
        case = tmp_path / f"step-{step}"
        case.mkdir()
        code, printed = swap_killed(case, path, step, when)
        out = case / "site"
        if code == 0:  # no step N: every step has had its kill
            assert held(out) == NEW
            total = int(printed)
            break
        assert code == -signal.SIGKILL, f"step {step}: exit {code}"
        where = f"{path}, killed {when} step {step}"
        if out.is_dir():
            found = held(out)
            assert found in (OLD, NEW), f"{where}: {sorted(found)}"
        else:
            # Only the fallback has an instant without the destination (between its
            # two renames, module docstring): the old folder is aside, whole.
            assert path == "fallback", where
            (aside,) = case.glob(".site.old-*")
            assert held(aside) == OLD, where
            found = OLD
        outcomes.append("old" if found == OLD else "new")
        folders.recover(out)
        assert held(out) == found, f"{where}: recover did not keep or restore it"
        assert sorted(p.name for p in case.iterdir()) == ["site"], f"left at step {step}"
        step += 1
    # The renameat2 path is an exchange and a removal; the fallback two renames and a
    # removal: every one of them was killed around (a removal only has a middle).
    expected = 1 if when == "during" else (2 if path == "renameat2" else 3)
    assert total == expected and len(outcomes) == total
    # Killed before the swap's first step the old folder stays; after its last, the new.
    assert outcomes[-1] == "new"
    if when == "before":
        assert outcomes[0] == "old"
