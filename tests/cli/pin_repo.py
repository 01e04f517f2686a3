"""A temporary real git repository with one spec of declarations, for the pin tests."""

from __future__ import annotations

import hashlib
import subprocess
from pathlib import Path

GUIDE = b"# Testing\n\nRun the tests with `make test`.\nOne test: `make test ONLY=name`.\n"
CONFIG = 'specs = ["assay/context.assay"]\n'


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def git(root: Path, *arguments: str) -> None:
    subprocess.run(
        ("git", "-c", "user.name=t", "-c", "user.email=t@example.com", *arguments),
        cwd=root,
        check=True,
        capture_output=True,
    )


def make_repo(root: Path, spec: str, files: dict[str, bytes] | None = None) -> Path:
    """``root`` as a git repository holding the config, ``spec`` as
    ``assay/context.assay`` and ``files`` (default: ``guides/testing.md``), all tracked."""
    root.mkdir(parents=True, exist_ok=True)
    (root / "assay.toml").write_text(CONFIG)
    (root / "assay").mkdir(exist_ok=True)
    (root / "assay" / "context.assay").write_bytes(spec.encode())
    for path, data in (files if files is not None else {"guides/testing.md": GUIDE}).items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_bytes(data)
    git(root, "init", "-q")
    git(root, "add", "-A")
    return root
