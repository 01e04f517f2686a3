"""The files git's index vouches for: those whose working copy is the blob it names.

A warm run tells the documents that changed since an earlier run from those that did
not by a stamp.  Taking it with `lstat` (size, modification time, inode) costs a system
call a file, a tenth of a pre-commit run in a workspace of ten thousand records.  git
keeps the same stat data in its index and checks it in C: `git diff-files` names the
tracked files whose working copy differs from the index (by content where the stat
data cannot tell, git's "racily clean" entries).  Every other tracked file is, byte
for byte, the blob the index names, so its blob id, a digest of its content, is its
stamp.  Both commands run beside the engine's imports, as the listing does.

Only entries git checks as usual are vouched for: tag `H` (not `assume-unchanged`,
whose files git does not look at, nor `skip-worktree`), a regular file's mode, stage
0 (no conflict).  Everything else, untracked files included, is stamped by `lstat`.
What git cannot see, this cannot either: an edit that keeps the size, after which a
tool sets the modification time back, within the second of `git add` (`git status`
misses it too, as `lstat` stamps always did).
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Collection
from pathlib import Path

#: The index: per entry a tag, the mode, the blob id, the stage and the path.
_INDEX = ("git", "ls-files", "-z", "--stage", "-v")
#: The tracked files below the workspace whose working copy differs from the index.
_CHANGED = ("git", "diff-files", "-z", "--name-only", "--relative")
#: An entry git checks as usual, of a regular file, not in conflict (`(?<![^\0])`: at
#: the start of an entry, so no path can fake one).
_VOUCHABLE = re.compile(r"(?<![^\0])H 100(?:644|755) ([0-9a-f]+) 0\t([^\0]*)")


class IndexQuery:
    """The two git commands for one workspace, started at once; `answer` waits."""

    def __init__(self, root: Path) -> None:
        self._processes: list[subprocess.Popen[bytes]] = []
        self._failed = False
        try:
            for command in (_INDEX, _CHANGED):
                self._processes.append(
                    subprocess.Popen(
                        command, cwd=root, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
                    )
                )
        except OSError:
            self._failed = True  # git cannot run: the listing says so; `lstat` stamps

    def close(self) -> None:
        """Stop the commands if nobody waited for their answer."""
        for process in self._processes:
            if process.returncode is None:
                process.kill()
                process.communicate()

    def answer(self) -> GitIndex | None:
        """What git printed, once both commands are done; None when either failed
        (then every file is stamped by `lstat`)."""
        outputs = [process.communicate()[0] for process in self._processes]
        if self._failed or any(process.returncode != 0 for process in self._processes):
            return None
        index, changed = outputs
        return GitIndex(index, changed)


class GitIndex:
    """git's answers for one run, read when they are worth reading (`vouched`)."""

    __slots__ = ("_changed", "_index")

    def __init__(self, index: bytes, changed: bytes) -> None:
        self._index = index
        self._changed = changed

    def vouched(self, wanted: Collection[str]) -> dict[str, str]:
        """Workspace-relative path -> blob id, for the files of ``wanted`` git vouches
        for. One entry at a time, and only the wanted ones: the index of a million
        files, taken whole, is a million tuples the run never needs again."""
        changed = set(_decoded(self._changed).split("\0"))
        found: dict[str, str] = {}
        for entry in _VOUCHABLE.finditer(_decoded(self._index)):
            path = entry[2]
            if path in wanted and path not in changed:
                found[path] = entry[1]
        return found

    def worth_reading(self, stamps: int, files: int) -> bool:
        """Whether reading the index beats `lstat` for ``stamps`` files in a listing
        of ``files``: reading an entry costs about a fifth of an `lstat`, and a large
        repository may keep its few records among a hundred thousand files."""
        return 5 * stamps > files


def _decoded(output: bytes) -> str:
    """Names as `os.fsdecode` gives them (and as the listing decodes them)."""
    return output.decode(sys.getfilesystemencoding(), sys.getfilesystemencodeerrors())
