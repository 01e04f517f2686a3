"""`assay new` end to end: a record per house style, the superseded or amended record
updated in its own style, and `assay check` clean on the result."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from syrupy.assertion import SnapshotAssertion

from assay.cli import EXIT_ERROR, EXIT_OK, main
from assay.engine.authoring.folder import read_member
from assay.errors import UsageError
from tests.authoring.conftest import EPOCH, FIXTURES, texts

#: The sentences the Nygard house style and the `template` fixture's template ask with.
PROMPTS = {
    "The issue motivating this decision, and any context that influences or constrains the"
    " decision.",
    "The change that we're proposing or have agreed to implement.",
    "What becomes easier or more difficult to do and any risks introduced by the change that"
    " will need to be mitigated.",
    "What is the issue that we're seeing that is motivating this decision or change?",
    "What is the change that we're proposing and/or doing?",
    "What becomes easier or more difficult to do because of this change?",
}
#: Each fixture folder and the record a new one supersedes or amends there.
STYLES = {
    "nygard": "1",
    "madr3": "1",
    "madr4": "0",
    "log4brains": "20240212",
    "prefixed": "1",
    "template": "1",
    "dashed-dates": "2024-01-31-adopt-trunk-based-development.md",
}


def check_findings(capsys: pytest.CaptureFixture[str]) -> list[dict[str, object]]:
    """What the real `assay check` reports on the current workspace, every severity."""
    capsys.readouterr()
    code = main(["check", "--format", "json", "--no-cache", "--fail-on", "info"])
    report = json.loads(capsys.readouterr().out)
    assert code == (EXIT_OK if not report["diagnostics"] else 1)
    return list(report["diagnostics"])


@pytest.mark.parametrize("style", sorted(STYLES))
def test_fixture_checks_clean_before(
    style: str,
    copy,
    capsys: pytest.CaptureFixture[str],  # type: ignore[no-untyped-def]
) -> None:
    copy(style)
    assert check_findings(capsys) == []


def write_sections(path: Path) -> None:
    """What the author does next: every prompt the template left replaced by prose."""
    lines = path.read_text(encoding="utf-8").split("\n")
    for at, line in enumerate(lines):
        if line.startswith("{") or line in PROMPTS:
            lines[at] = f"The team wrote paragraph {at} here."
        elif re.fullmatch(r'[\w-]+: "\{[\w-]+\}"', line):  # a front-matter key the series keeps
            lines[at] = line.split(":")[0] + ": Jane Doe"
    path.write_text("\n".join(lines), encoding="utf-8")


def unfilled(findings: list[dict[str, object]]) -> set[tuple[object, object]]:
    """The findings, as (code, path): only the new record's unwritten sections."""
    assert findings, "a record nobody has written yet is reported"
    return {(d["code"], d["path"]) for d in findings}


@pytest.mark.parametrize("style", sorted(STYLES))
@pytest.mark.parametrize("relation", ["--supersedes", "--amends"])
def test_new_record_in_the_folders_style_checks_clean_once_written(
    style: str,
    relation: str,
    copy,  # type: ignore[no-untyped-def]
    capsys: pytest.CaptureFixture[str],
    snapshot: SnapshotAssertion,
) -> None:
    root = copy(style)
    before = texts(root)
    code = main(["new", "Use Kafka for events", relation, STYLES[style]])
    out, err = capsys.readouterr()
    assert (code, err) == (EXIT_OK, "")
    after = texts(root)
    created = sorted(set(after) - set(before))
    changed = sorted(p for p in before if before[p] != after[p])
    assert len(created) == 1 and len(changed) == 1
    assert out.splitlines()[0].startswith(f"created {created[0]}")
    assert f"updated {changed[0]}" in out
    assert {p: after[p] for p in [*created, *changed]} == snapshot
    # Its metadata and the relation check clean; its sections are the template's.
    # (and a front-matter key the series keeps, unfilled: FLD006).
    assert unfilled(check_findings(capsys)) - {("FLD006", created[0])} == {("DOC007", created[0])}
    write_sections(root / created[0])
    assert check_findings(capsys) == []


def test_plain_new_record_then_a_second_one(
    copy,
    capsys: pytest.CaptureFixture[str],  # type: ignore[no-untyped-def]
) -> None:
    """Numbers follow on; no relation: nothing else changes."""
    root = copy("nygard")
    assert main(["new", "Use Kafka"]) == EXIT_OK
    assert main(["new", "Use Kafka"]) == EXIT_OK  # same title: the next number
    names = sorted(p.name for p in (root / "doc/adr").iterdir())
    assert names[-2:] == ["0003-use-kafka.md", "0004-use-kafka.md"]
    assert "# 4. Use Kafka\n" in (root / "doc/adr/0004-use-kafka.md").read_text()
    for name in names[-2:]:
        write_sections(root / "doc/adr" / name)
    assert check_findings(capsys) == []


def test_an_empty_records_folder_gets_an_adr_tools_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "assay.toml").write_text("")
    (tmp_path / "docs/adr").mkdir(parents=True)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)
    assert main(["new", "Record architecture decisions"]) == EXIT_OK
    text = (tmp_path / "docs/adr/0001-record-architecture-decisions.md").read_text()
    assert text.startswith("# 1. Record architecture decisions\n\nDate: 2025-01-01\n")
    assert "## Status\n\nProposed\n" in text
    created = "docs/adr/0001-record-architecture-decisions.md"
    assert unfilled(check_findings(capsys)) == {("DOC007", created)}
    write_sections(tmp_path / created)
    assert check_findings(capsys) == []


def error(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    capsys.readouterr()
    code = main(["new", *args])
    out, err = capsys.readouterr()
    assert (code, out) == (EXIT_ERROR, "")
    assert err.startswith("assay new: ") and err.endswith("\n")
    return err


def test_no_records_folder_says_where_it_looked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "assay.toml").write_text("")
    monkeypatch.chdir(tmp_path)
    err = error(capsys, "Use Kafka")
    assert "no record folder found in" in err
    assert "docs/adr" in err and ".adr-dir" in err and "--dir" in err
    assert list(tmp_path.iterdir()) == [tmp_path / "assay.toml"]


def test_several_records_folders_ask_for_dir(
    copy,
    capsys: pytest.CaptureFixture[str],  # type: ignore[no-untyped-def]
) -> None:
    root = copy("prefixed")
    shutil.copytree(FIXTURES / "madr3/docs/decisions", root / "docs/decisions")
    err = error(capsys, "Use Kafka")
    assert "several folders (docs/adr, docs/decisions)" in err and "--dir" in err
    assert main(["new", "Use Kafka", "--dir", "docs/decisions"]) == EXIT_OK
    assert (root / "docs/decisions/0003-use-kafka.md").is_file()


def test_errors_write_nothing(copy, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    root = copy("nygard")
    before = texts(root)
    assert "no record 9 in doc/adr" in error(capsys, "Use Kafka", "--supersedes", "9")
    assert "no letters or digits" in error(capsys, "!!! ---")
    assert "control character" in error(capsys, "Use \x1b[31mKafka")
    assert "the title is empty" in error(capsys, "  \n ")
    assert "outside the workspace" in error(capsys, "Use Kafka", "--dir", "..")
    assert "is not a folder" in error(capsys, "Use Kafka", "--dir", "nowhere")
    assert texts(root) == before


def test_a_dir_named_through_a_link_is_refused(copy, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    """`--dir x`, where `x` is (or goes through) a link to the records folder: the
    record would land elsewhere than named, so it is refused, saying which link, and
    nothing is written."""
    root = copy("nygard")
    (root / "x").symlink_to("doc")
    before = texts(root)
    for given, link in (("x", "x"), ("x/adr", "x")):
        assert main(["new", "Use Kafka", "--dir", given]) == 2
        err = capsys.readouterr().err
        assert f"--dir {given} goes through `{link}`, a symbolic link" in err
    assert texts(root) == before


def test_a_bad_source_date_epoch_is_a_usage_error(
    copy,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,  # type: ignore[no-untyped-def]
) -> None:
    copy("nygard")
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "yesterday")
    assert "SOURCE_DATE_EPOCH='yesterday'" in error(capsys, "Use Kafka")


def test_an_ambiguous_style_is_refused(copy, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    """Two Nygard records and two MADR ones: no style is the folder's."""
    root = copy("nygard")
    for number, record in enumerate(sorted((FIXTURES / "madr3/docs/decisions").iterdir()), 3):
        shutil.copy(record, root / "doc/adr" / f"{number:04d}-{record.name[5:]}")
    before = texts(root)
    err = error(capsys, "Use Kafka")
    assert "cannot tell the folder's style" in err
    assert "Nygard" in err and "MADR" in err and "template.md" in err
    assert texts(root) == before
    shutil.copy(FIXTURES / "template/docs/adr/template.md", root / "doc/adr/template.md")
    assert main(["new", "Use Kafka"]) == EXIT_OK  # the template settles it


def test_a_failed_update_leaves_nothing_behind(
    copy,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,  # type: ignore[no-untyped-def]
) -> None:
    """Writing record 1 fails (a full disk): the new record is taken back."""
    from assay.engine.files import writing

    root = copy("nygard")
    before = texts(root)

    def full(path: Path, data: bytes, expected: bytes) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(writing, "replace_file", full)
    err = error(capsys, "Use Kafka", "--supersedes", "1")
    assert "cannot update doc/adr/0001-record-architecture-decisions.md" in err
    assert "No space left on device" in err and "nothing was changed" in err
    assert texts(root) == before
    assert not [p for p in (root / "doc/adr").iterdir() if p.name.startswith(".")]


@pytest.mark.parametrize("style", ["nygard", "madr3", "log4brains"])
def test_check_would_see_either_half_missing(
    style: str,
    copy,
    capsys: pytest.CaptureFixture[str],  # type: ignore[no-untyped-def]
) -> None:
    """The clean checks above can fail: undo either side of the change and `check`
    reports the relation one record states and the other does not."""
    root = copy(style)
    before = texts(root)
    assert main(["new", "Use Kafka for events", "--supersedes", STYLES[style]]) == EXIT_OK
    after = texts(root)
    (created,) = set(after) - set(before)
    (changed,) = (p for p in before if before[p] != after[p])
    (root / changed).write_text(before[changed], encoding="utf-8")
    assert {d["code"] for d in check_findings(capsys)} >= {"LNK003"}
    (root / changed).write_text(after[changed], encoding="utf-8")
    stated = after[created].replace("Supersedes", "See also").replace("supersedes:", "see-also:")
    (root / created).write_text(stated, encoding="utf-8")
    assert check_findings(capsys) != []


def test_the_guide_shows_what_the_command_does(
    copy,
    capsys: pytest.CaptureFixture[str],  # type: ignore[no-untyped-def]
) -> None:
    """docs/guide/new-records.md: its console block and the record it shows are what
    `assay new` prints and writes in the adr-tools fixture."""
    guide = (FIXTURES.parent.parent.parent / "docs/guide/new-records.md").read_text()
    console = guide.split("```console\n", 1)[1].split("```", 1)[0]
    record = guide.split("```markdown\n", 1)[1].split("```", 1)[0]
    command, *printed = console.splitlines()
    assert command == '$ assay new "Use Kafka for events" --supersedes 2'
    root = copy("nygard")
    capsys.readouterr()
    assert main(["new", "Use Kafka for events", "--supersedes", "2"]) == EXIT_OK
    assert capsys.readouterr().out.splitlines() == printed
    assert (root / "doc/adr/0003-use-kafka-for-events.md").read_text() == record
    superseded = "Superseded by [3. Use Kafka for events](0003-use-kafka-for-events.md)"
    assert f"`{superseded}`" in guide
    assert f"\n{superseded}\n" in (root / "doc/adr/0002-use-postgresql.md").read_text()


MADR_TEMPLATE = """---
status: "{proposed | rejected | accepted | deprecated | … | superseded by ADR-0123}"
date: {YYYY-MM-DD when the decision was last updated}
---

# {short title, representative of solved problem and found solution}

## Context and Problem Statement

{Describe the context and problem statement in two to three sentences.}

## Decision Outcome

Chosen option: "{title of option 1}", because {justification}.
"""


def test_a_madr_template_is_filled_and_its_prompts_stay_for_the_author(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Title, status and date are filled in; the sections the author must write are
    left as the template has them, and `check` says so (DOC007) until they are."""
    (tmp_path / "assay.toml").write_text("")
    (tmp_path / "docs/decisions").mkdir(parents=True)
    (tmp_path / "docs/decisions/adr-template.md").write_text(MADR_TEMPLATE, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)
    assert main(["new", "Use Kafka"]) == EXIT_OK
    text = (tmp_path / "docs/decisions/0001-use-kafka.md").read_text(encoding="utf-8")
    assert text.startswith("---\nstatus: proposed\ndate: 2025-01-01\n---\n\n# Use Kafka\n")
    assert text.endswith(MADR_TEMPLATE.split("# {short title", 1)[1].split("\n", 1)[1])
    found = check_findings(capsys)
    # One DOC007 a prompt the reader recognises as a placeholder (more as it learns more).
    assert found and {(d["code"], d["path"]) for d in found} == {
        ("DOC007", "docs/decisions/0001-use-kafka.md")
    }


def test_a_record_about_templates_counts_for_the_next_number(
    copy,
    capsys: pytest.CaptureFixture[str],  # type: ignore[no-untyped-def]
) -> None:
    """The one template rule discovery follows: `0003-use-django-templates.md` is a
    record (the next is 4), `XXXX-template.md` is not."""
    root = copy("nygard")
    record = (root / "doc/adr/0002-use-postgresql.md").read_text()
    (root / "doc/adr/0003-use-django-templates.md").write_text(record.replace("# 2.", "# 3."))
    (root / "doc/adr/XXXX-template.md").write_text("# NUMBER. TITLE\n")
    assert main(["new", "Use Kafka"]) == EXIT_OK
    assert (root / "doc/adr/0004-use-kafka.md").is_file()


def test_what_a_new_record_copies_is_read_through_the_contained_opener(tmp_path: Path) -> None:
    """A record or template swapped for a link after it was listed is refused when read,
    with its path, and never followed (`read_member` backs every read of `new`)."""
    (tmp_path / "doc/adr").mkdir(parents=True)
    (tmp_path / "elsewhere.md").write_text("# someone else's\n")
    (tmp_path / "doc/adr/template.md").symlink_to("../../elsewhere.md")
    (tmp_path / "doc/adr/0001-a.md").write_text("# 1. A\n")
    assert read_member(tmp_path, "doc/adr/0001-a.md") == b"# 1. A\n"
    with pytest.raises(UsageError, match=r"doc/adr/template\.md.*nothing was written"):
        read_member(tmp_path, "doc/adr/template.md")
