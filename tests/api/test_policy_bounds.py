"""A policy file is TOML from the user: bounded as a config is before tomllib reads it,
and what tomllib cannot read is EVL012 at its place, never a hang or a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from assay.api import evaluation
from assay.engine.evidence.codes import EvidenceError


def _refusal(path: Path) -> tuple[str, int, int, str]:
    with pytest.raises(EvidenceError) as caught:
        evaluation.read_policy(path)
    (found,) = caught.value.diagnostics
    return found.code, found.span.line, found.span.column, found.message


def test_a_dotted_key_of_many_parts_is_evl012_at_it(tmp_path: Path) -> None:
    key = ".".join(f"k{n}" for n in range(100_000))
    (tmp_path / "policy.toml").write_text(f'name = "p"\n{key} = 1\n')
    code, line, column, message = _refusal(tmp_path / "policy.toml")
    assert (code, line, column) == ("EVL012", 2, 1)
    assert "more than 32 parts" in message


def test_a_policy_over_a_mebibyte_is_evl012(tmp_path: Path) -> None:
    (tmp_path / "policy.toml").write_text("# x\n" * 300_000)
    code, _, _, message = _refusal(tmp_path / "policy.toml")
    assert code == "EVL012" and "larger than" in message


def test_values_nested_too_deeply_are_evl012(tmp_path: Path) -> None:
    (tmp_path / "policy.toml").write_text("x = " + "[" * 5000 + "]" * 5000 + "\n")
    code, _, _, message = _refusal(tmp_path / "policy.toml")
    assert code == "EVL012" and "nested too deeply" in message
