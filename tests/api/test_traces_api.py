"""`assay.api.traces`: a session checked against a protocol, a window fetched, as values."""

from __future__ import annotations

from pathlib import Path

import pytest

from assay.api import SpecError, traces
from assay.api.workspace import load_config
from assay.errors import InputError, UsageError
from assay.spec.diagnostics import Diagnostic
from tests.cli.trace_workspace import footprint, workspace

__all__ = ["workspace"]  # the fixture, used by name


def test_a_clean_session_breaks_nothing_and_a_broken_one_is_located(workspace: Path) -> None:
    """`consultation` by default; each problem at its line, in report order."""
    # A Pi session breaks nothing; it is told only what Pi's format does not record.
    clean = traces.check_session(workspace, "review.jsonl")
    assert {(d.code, d.severity) for d in clean} == {("PRT034", "info")}
    found = traces.check_session(workspace, "broken.jsonl")
    assert found and all(d.path == "broken.jsonl" for d in found)
    assert [d.sort_key for d in found] == sorted(d.sort_key for d in found)


def test_a_loaded_protocol_is_the_protocol_named(workspace: Path) -> None:
    """`load_protocol` then `check_session` is `check_session` by name; the file is untouched."""
    before = footprint(workspace / "broken.jsonl")
    protocol = traces.load_protocol("consultation", load_config(workspace))
    by_decl = traces.check_session(workspace, "broken.jsonl", protocol)
    assert by_decl == traces.check_session(workspace, "broken.jsonl", "consultation")
    assert footprint(workspace / "broken.jsonl") == before
    with pytest.raises(UsageError):
        traces.load_protocol("no-such-protocol", load_config(workspace))


def test_a_spec_error_raises_spec_error(workspace: Path) -> None:
    """Nothing is checked against half a protocol: the specs' diagnostics come with it."""
    (workspace / "assay.toml").write_text('specs = ["*.assay"]\n')
    (workspace / "bad.assay").write_text("protocol p {\n")
    with pytest.raises(SpecError) as raised:
        traces.check_session(workspace, "review.jsonl")
    assert raised.value.diagnostics[0].path == "bad.assay"


def test_a_link_is_refused(workspace: Path) -> None:
    """A session reached through a link is not opened."""
    (workspace / "link.jsonl").symlink_to(workspace / "review.jsonl")
    with pytest.raises(InputError):
        traces.check_session(workspace, "link.jsonl")


def test_fetch_window_returns_the_entries_or_a_refusal(workspace: Path) -> None:
    """The turn and its neighbours; PRT020 for an id that is not exact, PRT021 too wide."""
    window = traces.fetch_window(workspace, "review.jsonl", "e1f00004", 1)
    assert not isinstance(window, Diagnostic)
    assert [e.position for e in window.entries].count("turn") == 1
    missing = traces.fetch_window(workspace, "review.jsonl", "E1F00004", 1)
    too_wide = traces.fetch_window(workspace, "review.jsonl", "e1f00004", 21)
    assert isinstance(missing, Diagnostic) and missing.code == "PRT020"
    assert isinstance(too_wide, Diagnostic) and too_wide.code == "PRT021"


def test_events_made_by_hand_are_checked_as_a_read_session_is(workspace: Path) -> None:
    """`check_events` by name is the built-in protocol; by declaration the same."""
    from assay.spec.trace import TraceEvent

    def event(line: int, actor: str, kind: str, name: str, **fields: object) -> TraceEvent:
        return TraceEvent(sequence=line - 1, line=line, actor=actor, kind=kind, name=name, **fields)  # type: ignore[arg-type]

    session = [
        event(1, "main", "call", "recall_memory", call_id="c1", arguments={"discussion": True}),
        event(2, "main", "result", "recall_memory", call_id="c1", returned_turns=("t1",)),
        event(3, "system", "event", "timeout"),
        event(4, "system", "call", "fetch_session", call_id="c2", arguments={"turn_id": "t1"}),
    ]
    found = traces.check_events(session, path="s.jsonl")
    assert found and {d.path for d in found} == {"s.jsonl"}
    assert any(d.span.line == 4 for d in found)  # the system fetched without the main's ask
    declared = traces.load_protocol("consultation", load_config(workspace))
    assert traces.check_events(session, declared, path="s.jsonl") == found
    # Cut before the timeout: the discussion is only left open (a warning), no fetch.
    assert [d.code for d in traces.check_events(session[:2], path="s.jsonl")] == ["PRT033"]
