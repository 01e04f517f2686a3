"""`assay new` in a reStructuredText series, and in a series keeping its own front
matter: the record is written in the series' name form and shape, the record it
supersedes or amends is updated the series' way, and `check` reports nothing of the
new record but its unfilled prompts."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from syrupy.assertion import SnapshotAssertion

from assay.cli import EXIT_ERROR, EXIT_OK, main
from assay.engine.reading.prompts import ADR_TOOLS
from tests.authoring.conftest import texts

#: Each fixture, the record a new one supersedes or amends there, and the name it gets.
SERIES = {
    "rst-openedx": ("1", "docs/decisions/0003-use-kafka-for-events.rst"),
    "rst-plutus": ("2", "doc/adr/0003-use-kafka-for-events.rst"),
    "rst-fields": ("1", "doc/neps/nep-0002-use-kafka-for-events.rst"),
    "rst-template": ("1", "doc/neps/nep-0002-use-kafka-for-events.rst"),
    "rst-underscore": ("3", "docs/decisions/0004_use_kafka_for_events.rst"),
    "front-matter": ("20240301", "docs/proposals/20250101-use-kafka-for-events.md"),
}
#: A line still asking: a ``{…}`` prompt, a stock sentence, a ``<…>`` field value,
#: a front-matter placeholder.
_PROMPT = re.compile(r'\{.*\}|<[^<>@]*>|"\{[\w-]+\}"')


def findings(capsys: pytest.CaptureFixture[str]) -> set[tuple[str, str]]:
    """(code, path) of every finding of the real `assay check`, infos too."""
    capsys.readouterr()
    main(["check", "--format", "json", "--no-cache", "--fail-on", "info"])
    report = json.loads(capsys.readouterr().out)
    return {(d["code"], d["path"]) for d in report["diagnostics"]}


def answer(path: Path) -> None:
    """What the author does next: every prompt answered."""
    stock = set(ADR_TOOLS.values())
    lines = path.read_text(encoding="utf-8").split("\n")
    for at, line in enumerate(lines):
        if line in stock or line.startswith("{"):
            lines[at] = f"The team wrote paragraph {at} here."
        elif _PROMPT.search(line) and ":" in line:
            lines[at] = _PROMPT.sub("Jane Doe", line)
    path.write_text("\n".join(lines), encoding="utf-8")


@pytest.mark.parametrize("series", sorted(SERIES))
@pytest.mark.parametrize("relation", ["--supersedes", "--amends"])
def test_a_new_record_in_the_series_shape_checks_clean_once_answered(
    series: str,
    relation: str,
    copy,  # type: ignore[no-untyped-def]
    capsys: pytest.CaptureFixture[str],
    snapshot: SnapshotAssertion,
) -> None:
    root = copy(series)
    target, expected = SERIES[series]
    before, found_before = texts(root), findings(capsys)
    code = main(["new", "Use Kafka for events", relation, target])
    out, err = capsys.readouterr()
    assert (code, err) == (EXIT_OK, ""), err
    after = texts(root)
    created = sorted(set(after) - set(before))
    changed = sorted(p for p in before if before[p] != after[p])
    assert created == [expected]
    assert len(changed) == 1 and f"updated {changed[0]}" in out
    assert {p: after[p] for p in [*created, *changed]} == snapshot
    # The relation checks clean both ways; the new record is reported only as unwritten.
    new = findings(capsys) - found_before
    assert {c for c, p in new if p == expected} <= {"DOC007", "FLD006"}
    assert {p for _, p in new} <= {expected}
    answer(root / expected)
    assert findings(capsys) - found_before == set()


@pytest.mark.parametrize("series", ["rst-openedx", "rst-plutus", "rst-fields"])
def test_check_sees_the_relation_half_undone(
    series: str,
    copy,  # type: ignore[no-untyped-def]
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The clean check above can fail: the superseded record put back as it was,
    `check` reports the relation the new record states and it does not answer."""
    root = copy(series)
    before = texts(root)
    assert main(["new", "Use Kafka for events", "--supersedes", SERIES[series][0]]) == EXIT_OK
    (changed,) = (p for p in before if before[p] != texts(root)[p])
    (root / changed).write_text(before[changed], encoding="utf-8")
    assert "LNK003" in {c for c, _ in findings(capsys)}


def test_a_markdown_record_among_rst_ones_takes_its_number(
    copy,
    capsys: pytest.CaptureFixture[str],  # type: ignore[no-untyped-def]
) -> None:
    """Record 4 kept in Markdown, and a picture numbered 5: the next reST one is 6."""
    root = copy("rst-openedx")
    folder = root / "docs/decisions"
    (folder / "0004-some-notes.md").write_text("# 4. Some notes\n\n## Status\n\nAccepted\n")
    (folder / "0005-diagram.png").write_bytes(b"\x89PNG")
    payload = (folder / "0002-events-payload.rst").read_text()
    (folder / "0003-events-payload.rst").write_text(payload.replace("2. Events", "3. Events"))
    assert main(["new", "Use Kafka"]) == EXIT_OK
    assert (folder / "0006-use-kafka.rst").is_file()
    assert (folder / "0006-use-kafka.rst").read_text().startswith("6. Use Kafka\n###")


def test_a_new_record_supersedes_by_the_rst_name(
    copy,
    capsys: pytest.CaptureFixture[str],  # type: ignore[no-untyped-def]
) -> None:
    root = copy("rst-openedx")
    assert main(["new", "Use Kafka", "--supersedes", "0002-events-payload"]) == EXIT_OK
    assert ":doc:`0003-use-kafka`" in (root / "docs/decisions/0002-events-payload.rst").read_text()


def test_errors_name_the_place_and_write_nothing(
    copy,
    capsys: pytest.CaptureFixture[str],  # type: ignore[no-untyped-def]
) -> None:
    """A front matter naming its successor already: refused at its line, no traceback."""
    root = copy("front-matter")
    record = root / "docs/proposals/20240301-machine-pools.md"
    record.write_text(record.read_text().replace("status:", "superseded-by: []\nstatus:"))
    before = texts(root)
    capsys.readouterr()
    assert main(["new", "Use Kafka", "--supersedes", "20240301"]) == EXIT_ERROR
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err
    assert "docs/proposals/20240301-machine-pools.md:7:1: `superseded-by`" in err
    assert "nothing was written" in err
    assert texts(root) == before
    assert "no record 9 in doc/adr" in _error(copy("rst-plutus"), capsys, "--supersedes", "9")


def _error(root: Path, capsys: pytest.CaptureFixture[str], *args: str) -> str:
    before = texts(root)
    capsys.readouterr()
    assert main(["new", "Use Kafka", *args]) == EXIT_ERROR
    assert texts(root) == before
    return capsys.readouterr().err
