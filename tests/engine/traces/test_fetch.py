"""fetch_window: the turn and its conversation around it, by exact id only, within the
maximum, from a file opened read-only and safely."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import assay.engine.traces.fetch as fetch_module
from assay.engine.traces.fetch import DEFAULT_MAXIMUM, fetch_window
from assay.engine.traces.reading import SessionRefused
from assay.errors import InputError
from assay.spec.diagnostics import Diagnostic
from assay.spec.trace_window import Window
from tests.engine.traces.sessions import answer, calls, header, said, user, write

#: a1 ← a2 ← a3 ← a4 ← a5, and a branch b1 ← b2 from a3, written between a4 and a5.
BRANCHED = [
    header(),
    user("a1", None, "Why the outbox?"),
    calls("a2", "a1", ("c1", "recall_memory", {"query": "outbox"})),
    answer("a3", "a2", "c1", "recall_memory", details={"turns": ["t9"]}),
    said("a4", "a3", "Kafka lost events."),
    user("b1", "a3", "Something else"),
    said("b2", "b1", "Other branch"),
    user("a5", "a4", "Thanks"),
    said("a6", "a5", "You are welcome"),
]


def _window(root: Path, turn: str, size: int, **options: int) -> Window:
    found = fetch_window(root, write(root, BRANCHED), turn, size, **options)
    assert isinstance(found, Window), found
    return found


def _ids(window: Window) -> list[tuple[str, str]]:
    return [(e.id, e.position) for e in window.entries]


def test_the_window_follows_the_turns_conversation(tmp_path: Path) -> None:
    """Ancestors before (oldest first), the first-child chain after; the branch the
    session left (b1, b2) is not the turn's context."""
    window = _window(tmp_path, "a3", 2)
    assert _ids(window) == [
        ("a1", "before"),
        ("a2", "before"),
        ("a3", "turn"),
        ("a4", "after"),
        ("a5", "after"),
    ]
    assert [e.line for e in window.entries] == [2, 3, 4, 5, 8]


def test_after_a_branch_point_the_window_keeps_to_one_branch(tmp_path: Path) -> None:
    """From a4 on, the entries after are a5 and a6, not the branch between them."""
    assert _ids(_window(tmp_path, "a4", 2)) == [
        ("a2", "before"),
        ("a3", "before"),
        ("a4", "turn"),
        ("a5", "after"),
        ("a6", "after"),
    ]


def test_window_zero_is_the_turn_alone_and_entries_are_as_persisted(tmp_path: Path) -> None:
    """The entry goes along exactly as the file holds it, with its text in one line."""
    [entry] = _window(tmp_path, "a2", 0).entries
    assert entry.entry == BRANCHED[2]
    assert (entry.role, entry.type, entry.parent_id) == ("assistant", "message", "a1")
    assert entry.text == '→ recall_memory {"query": "outbox"}'


def test_the_start_and_end_of_a_session_bound_the_window(tmp_path: Path) -> None:
    """Fewer entries than asked where the conversation has no more."""
    assert _ids(_window(tmp_path, "a1", 3)) == [
        ("a1", "turn"),
        ("a2", "after"),
        ("a3", "after"),
        ("a4", "after"),
    ]
    assert _ids(_window(tmp_path, "a6", 1)) == [("a5", "before"), ("a6", "turn")]


@pytest.mark.parametrize("turn", ["A3", "a", "a3 ", "a33", "", "t9"])
def test_only_the_exact_turn_id_is_fetched(tmp_path: Path, turn: str) -> None:
    """A prefix, another case, trailing space, a longer id, nothing, a recalled turn of
    another session: PRT020, at the session's start."""
    found = fetch_window(tmp_path, write(tmp_path, BRANCHED), turn, 1)
    assert isinstance(found, Diagnostic)
    assert (found.code, found.name, found.span.line, found.span.column) == (
        "PRT020",
        "turn-not-exact",
        1,
        1,
    )
    assert repr(turn) in found.message


def test_the_refusal_names_the_ids_that_were_meant(tmp_path: Path) -> None:
    """Ids differing only in case or length are listed, to be copied whole."""
    found = fetch_window(tmp_path, write(tmp_path, BRANCHED), "A3", 1)
    assert isinstance(found, Diagnostic)
    assert found.message.endswith("ids that differ only in case or length: a3")


def test_a_window_over_the_maximum_is_refused_unread(tmp_path: Path) -> None:
    """PRT021 before the session is opened: even a missing session gets it."""
    found = fetch_window(tmp_path, "missing.jsonl", "a1", DEFAULT_MAXIMUM + 1)
    assert isinstance(found, Diagnostic) and found.code == "PRT021"
    assert isinstance(fetch_window(tmp_path, write(tmp_path, BRANCHED), "a1", 20), Window)
    smaller = fetch_window(tmp_path, "session.jsonl", "a1", 3, maximum=2)
    assert isinstance(smaller, Diagnostic) and "the 2 allowed" in smaller.message


def test_a_neutral_trace_has_no_turns_to_fetch(tmp_path: Path) -> None:
    """Only a Pi session is a transcript: a neutral trace is an input error."""
    (tmp_path / "t.jsonl").write_text('{"sequence":0,"actor":"main","kind":"event","name":"x"}\n')
    with pytest.raises(InputError, match="not a Pi session"):
        fetch_window(tmp_path, "t.jsonl", "x", 1)


def test_a_symlinked_or_escaping_session_is_refused(tmp_path: Path) -> None:
    """PTH002 for a link (to a session inside, even), PTH001 for `..`."""
    write(tmp_path, BRANCHED)
    os.symlink("session.jsonl", tmp_path / "link.jsonl")
    with pytest.raises(SessionRefused) as refused:
        fetch_window(tmp_path, "link.jsonl", "a1", 1)
    assert refused.value.refusal.code == "PTH002"
    with pytest.raises(SessionRefused) as escaped:
        fetch_window(tmp_path / "sub", "../session.jsonl", "a1", 1)
    assert escaped.value.refusal.code == "PTH001"


def test_a_parent_cycle_ends(tmp_path: Path) -> None:
    """Ids that point at each other (a broken file) give a finite window."""
    looped = [header(), user("x1", "x2"), user("x2", "x1"), user("x3", "x2")]
    found = fetch_window(tmp_path, write(tmp_path, looped), "x3", 5)
    assert isinstance(found, Window)
    assert [e.id for e in found.entries] == ["x1", "x2", "x3"]


def test_unreadable_lines_are_passed_over(tmp_path: Path) -> None:
    """A broken line is no entry: the window is made of the entries that read."""
    path = write(tmp_path, BRANCHED)
    with open(tmp_path / path, "a", encoding="utf-8") as session:
        session.write('{"type":"message","id":"a7","parentId":"a6"')
    found = fetch_window(tmp_path, path, "a6", 2)
    assert isinstance(found, Window) and [e.id for e in found.entries] == ["a4", "a5", "a6"]


@pytest.mark.parametrize("where", ["past the window", "inside the window"])
def test_a_turn_whose_id_repeats_is_refused_naming_both_lines(tmp_path: Path, where: str) -> None:
    """Another entry with the turn's id, anywhere after it, makes the turn ambiguous:
    PRT005 at the repeat, naming the file and both lines, and no window."""
    again = user("a3", "a4", "the same id again")
    entries = [*BRANCHED, again] if where == "past the window" else [*BRANCHED[:5], again]
    found = fetch_window(tmp_path, write(tmp_path, entries), "a3", 1)
    assert isinstance(found, Diagnostic), found
    assert (found.code, found.span.line, found.span.column) == ("PRT005", len(entries), 1)
    assert found.message == (
        f"turn id 'a3' is the id of line 4 and again of line {len(entries)} of session.jsonl: "
        "which turn is meant is ambiguous, so no window is fetched"
    )


def _rewrite_after_indexing(monkeypatch: pytest.MonkeyPatch, session: Path, data: bytes) -> None:
    """Rewrite ``session`` in place (the same inode, the descriptor fetch holds) once
    it was read past the turn, before the turn's ancestors are read again."""
    following = fetch_module._following

    def rewritten(*args: object) -> object:
        found = following(*args)  # type: ignore[arg-type]
        with open(session, "r+b") as stream:
            stream.write(data)
            stream.truncate(len(data))
        return found

    monkeypatch.setattr(fetch_module, "_following", rewritten)


@pytest.mark.parametrize(
    ("how", "held"),
    [
        ("cut", "of its"),
        ("other entry", "other bytes"),
        ("not JSON", "other bytes"),
    ],
)
def test_a_session_rewritten_while_fetch_reads_it_is_refused_at_the_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, how: str, held: str
) -> None:
    """The ancestors read again are no longer the entries indexed: PRT022 at the line
    that changed, naming it, never a traceback or a mixed window."""
    path = write(tmp_path, BRANCHED)
    original = (tmp_path / path).read_bytes()
    lines = original.split(b"\n")
    if how == "cut":
        data = b"\n".join(lines[:3]) + b"\n" + lines[3][:10]
    elif how == "other entry":
        data = original.replace(b'"id":"a2"', b'"id":"z9"')
    else:
        data = original.replace(lines[2], b"x" * len(lines[2]))
    _rewrite_after_indexing(monkeypatch, tmp_path / path, data)
    found = fetch_window(tmp_path, path, "a4", 3)
    assert isinstance(found, Diagnostic), found
    line = 3 if how != "cut" else 4
    assert (found.code, found.span.line) == ("PRT022", line)
    assert found.message.startswith(f"session.jsonl changed while it was read: line {line}, ")
    assert held in found.message and "no window is fetched" in found.message


@settings(max_examples=60, deadline=None)
@given(data=st.binary(max_size=400))
def test_any_rewrite_while_fetching_is_a_window_or_a_refusal(data: bytes) -> None:
    """Whatever the file holds once indexed, fetch returns; it never raises."""
    with tempfile.TemporaryDirectory() as folder, pytest.MonkeyPatch.context() as patch:
        root = Path(folder)
        path = write(root, BRANCHED)
        _rewrite_after_indexing(patch, root / path, data)
        found = fetch_window(root, path, "a4", 3)
        assert isinstance(found, (Window, Diagnostic))
        if isinstance(found, Diagnostic):
            assert found.code == "PRT022"


def test_only_an_explicitly_named_session_may_lie_outside_the_workspace(tmp_path: Path) -> None:
    """An absolute path is PTH001 unless the caller says the user named it; then it is
    read from `/` with the same walk (a link on the way is PTH002)."""
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    path = (outside / write(outside, BRANCHED)).as_posix()
    workspace = tmp_path / "ws"
    workspace.mkdir()
    with pytest.raises(SessionRefused) as refused:
        fetch_window(workspace, path, "a3", 1)
    assert refused.value.refusal.code == "PTH001"
    found = fetch_window(workspace, path, "a3", 1, explicit=True)
    assert isinstance(found, Window) and found.session == path
    os.symlink(outside, tmp_path / "link")
    with pytest.raises(SessionRefused) as linked:
        fetch_window(
            workspace, (tmp_path / "link" / "session.jsonl").as_posix(), "a3", 1, explicit=True
        )
    assert linked.value.refusal.code == "PTH002"
