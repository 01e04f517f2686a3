"""What a broken pin is called, in one place: `assay check`, `assay pin` and `assay
assemble` report PIN001 to PIN003 with the same words."""

from __future__ import annotations


def mismatch(path: str, pinned: str | None, actual: str) -> str:
    """PIN001: the file's digest is not the pinned one."""
    return (
        f"{path} changed: the declaration pins sha256 {pinned} but the file's is {actual};"
        " review the change, then renew the pin with `assay pin --write`"
    )


def missing(path: str) -> str:
    """PIN003: a source without a digest."""
    return (
        f"{path} is not pinned: no sha256 digest; review the file, then run"
        " `assay pin --write` to add it"
    )


def out_of_range(path: str, start: int, end: int, count: int) -> str:
    """PIN002: a line range past the file's end."""
    return f"{path}: lines {start}..{end} but the file has {count} line{'s' if count != 1 else ''}"
