"""Lark's grammar cache lives in the user's own cache directory, never in shared /tmp."""

from __future__ import annotations

import sys
from pathlib import Path

import lark.lark
import pytest

from assay.grammar.cache import cache_file
from assay.grammar.spec.parser import build_parser


def test_cache_file_is_private(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The cache goes under $XDG_CACHE_HOME/assay, a directory only the user can open."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("ASSAY_NO_CACHE", raising=False)
    path = cache_file("spec")
    assert isinstance(path, str)
    assert Path(path).parent == tmp_path / "assay"
    assert (tmp_path / "assay").stat().st_mode & 0o077 == 0


def test_no_cache_when_the_directory_cannot_be_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where no private directory can be made, the grammar is built each time instead."""
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    assert cache_file("spec") is False
    monkeypatch.setenv("ASSAY_NO_CACHE", "1")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert cache_file("spec") is False


def test_cached_parser_is_written_and_reused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Building the parser writes the cache file; a second build loads the same parser
    from it, without analysing the grammar again."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("ASSAY_NO_CACHE", raising=False)
    first = build_parser()
    cached = tmp_path / "assay" / "spec-py{}{}.lark-cache".format(*sys.version_info[:2])
    assert cached.is_file()

    def no_analysis(*args: object, **kwargs: object) -> None:
        raise AssertionError("the grammar was analysed again: the cache was not read")

    monkeypatch.setattr(lark.lark, "load_grammar", no_analysis)
    second = build_parser()
    assert [r.origin.name for r in first.rules] == [r.origin.name for r in second.rules]
    # The same patch without the cache file: the build does analyse, so the patch bites.
    cached.unlink()
    with pytest.raises(AssertionError, match="analysed again"):
        build_parser()
