"""Two checks at once in one process: a check keeps nothing in the process (its store
is its own connection, its pool's state lives in its workers), so checks of two
workspaces, or two of one workspace, side by side in threads give what each gives
alone. What the MCP server does when a client calls two tools at once."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

from assay.api import check
from assay.engine.runner.result import Report
from tests.examples_copy import example_repository

WAIT = 120  # a hang guard, never a time limit


def _side_by_side(*calls: Callable[[], Report]) -> list[Report]:
    """Each call in a thread of its own, all released at once."""
    start = threading.Barrier(len(calls))
    found: list[Report | BaseException | None] = [None] * len(calls)

    def run(index: int) -> None:
        start.wait(WAIT)
        try:
            found[index] = calls[index]()
        except BaseException as error:  # shown by the assertion below
            found[index] = error

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(WAIT)
    assert not any(t.is_alive() for t in threads), "a check hung"
    assert all(isinstance(r, Report) for r in found), found
    return found  # type: ignore[return-value]


def _two_workspaces(tmp_path: Path) -> tuple[Path, Path]:
    one = example_repository(tmp_path / "one")
    other = example_repository(tmp_path / "other")
    record = next((other / "docs" / "adr").glob("0001-*.md"))
    record.write_text(record.read_text().replace("Status", "Stat", 1), encoding="utf-8")
    return one, other


def test_two_workspaces_checked_at_once_give_what_each_gives_alone(
    tmp_path: Path, cache_home: Path
) -> None:
    one, other = _two_workspaces(tmp_path)
    alone = [check(one, cache=False), check(other, cache=False)]
    assert alone[0] != alone[1]
    for _round in range(3):  # cold stores first, then warm ones
        together = _side_by_side(lambda: check(one), lambda: check(other))
        assert together == alone


def test_one_workspace_checked_twice_at_once_gives_one_report(
    tmp_path: Path, cache_home: Path
) -> None:
    """Both write the same store: one waits or goes on without writing, neither errs."""
    one, _ = _two_workspaces(tmp_path)
    alone = check(one, cache=False)
    for _round in range(3):
        assert _side_by_side(lambda: check(one), lambda: check(one)) == [alone, alone]
