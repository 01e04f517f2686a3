"""Real git repositories for the assembly tests: files written, `git init`, `git add`."""

from __future__ import annotations

import hashlib
import subprocess
from collections.abc import Mapping
from pathlib import Path

from assay.engine.context.assembly import Budget, assemble
from assay.engine.context.bundle import Bundle
from assay.engine.context.selection import select
from assay.engine.files.tracking import read_tracking
from assay.engine.workspace.declarations import Declared, collect_declarations
from assay.grammar.spec import parse_spec


def git_repo(root: Path, files: Mapping[str, bytes]) -> Path:
    """``root`` as a git repository holding ``files``, all added to the index."""
    root.mkdir(parents=True, exist_ok=True)
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    write(root, files)
    subprocess.run(["git", "add", "-A"], cwd=root, check=True)
    return root


def write(root: Path, files: Mapping[str, bytes]) -> None:
    for name, data in files.items():
        target = root / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def declared(text: str, path: str = "assay/context.assay") -> tuple[Declared, ...]:
    parsed = parse_spec(text, path)
    assert parsed.value is not None, parsed.diagnostics
    found, problems = collect_declarations([parsed.value])
    assert not problems
    return found


def bundle_of(
    root: Path,
    spec: str,
    budget: int,
    unit: str = "bytes",
    task: Mapping[str, str] | None = None,
    spec_path: str = "assay/context.assay",
) -> Bundle:
    """Assemble ``spec``'s declarations for ``task`` from the repository at ``root``,
    the spec tracked at ``spec_path`` there as a declaration file must be (seed 002)."""
    _track_spec(root, spec, spec_path)
    selection = select(declared(spec, spec_path), dict(task or {}))
    size = Budget(size=budget, unit=unit)  # type: ignore[arg-type]
    return assemble(root, selection, size, read_tracking(root))


def _track_spec(root: Path, spec: str, path: str) -> None:
    """Write ``spec`` at ``path`` and add it to git's index, when ``root`` is a repository
    (outside one, tracking is unchecked and nothing need be added)."""
    if not (root / ".git").exists():
        return
    write(root, {path: spec.encode("utf-8")})
    subprocess.run(["git", "add", "--", path], cwd=root, check=True)


def unit_bytes(bundle: Bundle, index: int) -> bytes:
    """The bytes of included unit ``index`` as the manifest locates them in bundle.md."""
    assert bundle.manifest is not None
    entry = bundle.manifest.included[index]
    return bundle.text[entry.offset : entry.offset + entry.bytes]
