"""The runner: suppressions, per-file ignores, severities, crashes, order, scope."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from assay.engine.checks import CHECKS
from assay.engine.checks.base import Finding, document_check
from assay.engine.runner.run import check
from assay.engine.workspace.config import load_config
from assay.engine.workspace.document_context import DocumentContext
from assay.spec.rules.rule import Rule

RECORD = """# {n}. Use PostgreSQL

* Status: {status}

## Context

The ledger needs transactions.

## Decision

PostgreSQL 16. See [the benchmark](../bench/{target}.md).
"""


def record(n: int = 1, status: str = "Accepted", target: str = "missing", before: str = "") -> str:
    return before + RECORD.format(n=n, status=status, target=target)


def run(
    root: Path, files: dict[str, str], config: str = "", **kwargs: object
) -> list[tuple[str, str, int]]:
    (root / "assay.toml").write_text(config)
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    result = check(load_config(root), **kwargs)  # type: ignore[arg-type]
    return [(d.path.rsplit("/", 1)[-1], d.code, d.span.line) for d in result.diagnostics]


def test_disable_next_line_skips_blank_lines(tmp_path: Path) -> None:
    text = record().replace(
        "PostgreSQL 16.", "<!-- assay: disable-next-line LNK001 -- moved -->\n\nPostgreSQL 16."
    )
    assert run(tmp_path, {"docs/adr/0001-a.md": text}) == []


def test_disable_line_and_names_and_families(tmp_path: Path) -> None:
    for selector in ("LNK001", "broken-link", "LNK"):
        text = record().replace(".md).", f".md). <!-- assay: disable-line {selector} -->")
        assert run(tmp_path, {"docs/adr/0001-a.md": text}) == [], selector


def test_disable_enable_region_and_unterminated_disable(tmp_path: Path) -> None:
    region = (
        record().replace("PostgreSQL 16.", "<!-- assay: disable LNK001 -->\nPostgreSQL 16.")
        + "\n<!-- assay: enable LNK001 -->\n\n[again](../bench/gone.md)\n"
    )
    assert run(tmp_path, {"docs/adr/0001-a.md": region}) == [("0001-a.md", "LNK001", 16)]
    open_ended = record().replace(
        "PostgreSQL 16.", "<!-- assay: disable LNK001 -->\nPostgreSQL 16."
    )
    assert run(tmp_path, {"docs/adr/0001-a.md": open_ended + "\n[again](gone.md)\n"}) == []


def test_disable_file_anywhere(tmp_path: Path) -> None:
    text = record() + "\n<!-- assay: disable-file LNK001 -- the wiki holds these -->\n"
    assert run(tmp_path, {"docs/adr/0001-a.md": text}) == []


def test_unused_and_unknown_suppressions(tmp_path: Path) -> None:
    text = record(target="x").replace(
        "## Context",
        "<!-- assay: disable-next-line FLD002 -->\n"
        "<!-- assay: disable-line LNK099 -->\n\n## Context",
    )
    assert run(tmp_path, {"docs/adr/0001-a.md": text}) == [
        ("0001-a.md", "SUP001", 5),
        ("0001-a.md", "SUP002", 6),
        ("0001-a.md", "LNK001", 14),
    ]


def test_front_matter_comment_suppresses_a_field_finding(tmp_path: Path) -> None:
    text = (
        "---\nstatus: Superseeded  # assay: disable-line FLD002 -- kept for link stability\n---\n"
        "# Use PostgreSQL\n\n## Context\n\nWhy.\n\n## Decision\n\nWhat.\n"
    )
    assert run(tmp_path, {"docs/adr/0001-a.md": text}) == []
    result = check(load_config(tmp_path))
    assert [s.justification for s in result.suppressed] == ["kept for link stability"]


def test_per_file_ignores_and_severity_overrides(tmp_path: Path) -> None:
    files = {"docs/adr/0001-a.md": record(), "docs/adr/0002-b.md": record(2, "TBD")}
    config = '[per-file-ignores]\n"docs/adr/0001-*.md" = ["LNK"]\n[severity]\nFLD002 = "warning"\n'
    assert run(tmp_path, files, config) == [
        ("0002-b.md", "FLD002", 3),
        ("0002-b.md", "LNK001", 11),
    ]
    result = check(load_config(tmp_path))
    assert [d.severity for d in result.diagnostics] == ["warning", "error"]
    assert [(s.kind, s.diagnostic.path) for s in result.suppressed] == [
        ("config", "docs/adr/0001-a.md")
    ]
    off = run(tmp_path, files, '[severity]\nLNK = "off"\n')
    assert off == [("0002-b.md", "FLD002", 3)]


def test_a_crashing_check_becomes_int001_and_the_run_goes_on(tmp_path: Path) -> None:
    rule = Rule(code="DOC099", name="always-crashes", stage="check", scope="document", summary="")

    @document_check(rule)
    def crashing(context: DocumentContext) -> Iterator[Finding]:
        """Crashes."""
        raise ZeroDivisionError("the check divided by zero")

    found = run(tmp_path, {"docs/adr/0001-a.md": record()}, checks=(*CHECKS, crashing))
    assert found == [("0001-a.md", "INT001", 1), ("0001-a.md", "LNK001", 11)]
    result = check(load_config(tmp_path), checks=(*CHECKS, crashing))
    assert "DOC099 (always-crashes) crashed: ZeroDivisionError" in result.diagnostics[0].message


def test_report_order_is_path_line_column_code(tmp_path: Path) -> None:
    files = {
        "docs/adr/0002-b.md": record(2, "TBD"),
        "docs/adr/0001-a.md": record(1, "N/A"),
    }
    assert run(tmp_path, files) == [
        ("0001-a.md", "FLD002", 3),
        ("0001-a.md", "LNK001", 11),
        ("0002-b.md", "FLD002", 3),
        ("0002-b.md", "LNK001", 11),
    ]


def test_paths_report_related_findings_in_other_files(tmp_path: Path) -> None:
    """A record superseded by the changed one is reported when the changed one is passed."""
    old = record(1, "Superseded by [ADR 2](0002-b.md)", target="x")
    new = record(2, "Accepted", target="x")
    files = {"docs/adr/0001-a.md": old, "docs/adr/0002-b.md": new}
    (tmp_path / "bench").mkdir()
    (tmp_path / "docs/bench").mkdir(parents=True)
    (tmp_path / "docs/bench/x.md").write_text("# x\n")
    found = run(tmp_path, files, paths=["docs/adr/0002-b.md"])
    assert found == [("0001-a.md", "LNK003", 3)]


def test_worker_processes_give_the_same_result(tmp_path: Path) -> None:
    """Split between two processes, the run reports exactly what one process does:
    same diagnostics, same order, same suppressions, same cross-document findings."""
    files = {}
    for n in range(1, 41):
        status = (
            # A status no word states, in one record alone (two would make it the
            # folder's own; a word of the team's own is no finding without a spec).
            "Superseded by ADR-0040" if n == 3 else ("TBD" if n == 7 else "Accepted")
        )
        before = "<!-- assay: disable-file LNK001 -->\n" if n % 5 == 0 else ""
        files[f"docs/adr/{n:04d}-record-{n}.md"] = record(n, status, before=before)
    run(tmp_path, files)
    config = load_config(tmp_path)
    one, two = check(config, jobs=1), check(config, jobs=2)
    assert one == two
    assert {d.code for d in one.diagnostics} >= {"FLD002", "LNK001", "LNK003"}
    assert len(one.suppressed) == 8


def test_outcomes_from_workers_share_discoverys_path_strings(tmp_path: Path) -> None:
    """The parent keeps every outcome a worker sends to the end of the run: its path (and
    its record's) is discovery's own string, not the copy unpickling made."""
    from assay.engine.passes.document_pass import run_documents
    from assay.engine.passes.rulesets import Ruleset
    from assay.engine.workspace.loading import open_workspace

    run(tmp_path, {f"docs/adr/{n:04d}-record-{n}.md": record(n, "Accepted") for n in range(1, 9)})
    workspace = open_workspace(load_config(tmp_path))
    candidates = workspace.discovery.documents
    outcomes = run_documents(workspace, Ruleset.build(CHECKS), jobs=2)
    assert [o.path for o in outcomes] == [c.path for c in candidates]
    assert all(o.path is c.path for o, c in zip(outcomes, candidates, strict=True))
    assert all(o.record is not None and o.record.path is o.path for o in outcomes)


def test_a_workspace_check_sees_what_it_sees_from_the_cache_or_a_worker(
    tmp_path: Path,
) -> None:
    """A workspace check sees the records' facts (``context.records``) and no document
    whole: a check holds none to its end (each would cost its memory until the report).
    It sees the same facts in one process, from workers and from a warm cache; this
    one records what it is given."""
    from assay.engine.checks.base import workspace_check
    from assay.engine.workspace.document_context import WorkspaceContext

    seen: list[object] = []

    rule = Rule(code="DOC098", name="counts-sections", stage="check", scope="workspace", summary="")

    @workspace_check(rule)
    def counting(context: WorkspaceContext) -> Iterator[Finding]:
        """Counts."""
        records = context.records.records
        seen.append((len(context.documents), [(r.path, r.facts) for r in records]))
        return iter(())

    run(tmp_path, {"docs/adr/0001-a.md": record(), "docs/adr/0002-b.md": record(2)})
    config = load_config(tmp_path)
    for jobs, cache in ((1, False), (2, False), (1, True), (1, True)):
        result = check(config, jobs=jobs, cache=cache, checks=(*CHECKS, counting))
        assert {d.code for d in result.diagnostics} == {"LNK001"}
    first = seen[0]
    assert first[0] == 0
    assert [path for path, _facts in first[1]] == ["docs/adr/0001-a.md", "docs/adr/0002-b.md"]
    assert seen == [first] * 4
