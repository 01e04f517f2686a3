"""A name given to `assay eval` that the store or the specs do not hold is an error
(EVL001, exit 2) listing what they hold, at every stage that takes one: never a
summary of another benchmark, nor of no benchmark."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assay.api import evaluation
from tests.cli.test_eval_command import _assay, _example


@pytest.fixture(scope="module")
def ran(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The example prepared and run once with its fixture agent: a store holding the
    attempts of `naming@1`."""
    root = _example(tmp_path_factory.mktemp("names"))
    with pytest.MonkeyPatch.context() as monkeypatch:
        assert _assay(root, "eval prepare", monkeypatch)[0] == 0
        assert _assay(root, "eval run --runner fixture", monkeypatch)[0] == 0
    yield root


@pytest.mark.parametrize(
    ("command", "listed"),
    [
        ("eval summary --benchmark nope@3", "(it holds: naming@1)"),
        ("eval summary --benchmark naming@2", "(it holds: naming@1)"),
        ("eval summary --benchmark nope", "(it holds: naming@1)"),
        ("eval summary --benchmark naming@", "(it holds: naming@1)"),
        ("eval prepare --db other.sqlite --benchmark nope", "(declared: naming@1)"),
        ("eval prepare --db other.sqlite --answers nope", "(declared: naming-key@1)"),
        ("eval prepare --db other.sqlite --results nope@1", "(declared: agent-json@1)"),
        ("eval run --runner nope", "(declared: fixture@1)"),
        ("eval run --runner fixture@9", "(declared: fixture@1)"),
        ("eval run --runner fixture --benchmark nope@1", "(declared: naming@1)"),
    ],
)
def test_a_name_not_held_is_refused_listing_those_held(
    ran: Path, monkeypatch: pytest.MonkeyPatch, command: str, listed: str
) -> None:
    """Exit 2, nothing on standard output, EVL001 and the list on standard error."""
    code, out, err = _assay(ran, command, monkeypatch)
    assert (code, out) == (2, ""), err
    assert "EVL001" in err and listed in err, err
    assert not (ran / "other.sqlite").exists()


def test_a_bare_name_is_its_newest_version_held(ran: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`naming` and `naming@1` summarize what the default does: the one benchmark."""
    default = _assay(ran, "eval summary --format json", monkeypatch)
    assert default[0] == 0 and "tag-2-1" in default[1]
    for name in ("naming", "naming@1"):
        assert _assay(ran, f"eval summary --format json --benchmark {name}", monkeypatch) == default


@settings(max_examples=min(settings().max_examples, 100), deadline=None)
@given(name=st.text(min_size=1, max_size=12))
def test_any_other_name_is_refused(ran: Path, name: str) -> None:
    """Whatever the name, unless it is `naming` or `naming@1`, the summary refuses it
    (EVL001) rather than summarizing the store's attempts."""
    if name in ("naming", "naming@1"):
        return
    with pytest.raises(evaluation.EvidenceError) as refused:
        evaluation.summarize_store(ran / "evidence.sqlite", benchmark=name)
    [diagnostic] = refused.value.diagnostics
    assert diagnostic.code == "EVL001" and "(it holds: naming@1)" in diagnostic.message
