"""`assay publish`: a real MkDocs site holding only the records and reviews that verified.

The workspace is real files in a git repository: a passing and a failing record, a
verified and a blocked run. The site is built by MkDocs itself; the tests look for
its HTML files.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from assay.cli import EXIT_ERROR, EXIT_FINDINGS, EXIT_OK, main
from tests.engine.runs.builders import BOUNDARY, OVERVIEW, RUN_TOML, SOURCE, VERIFY, write_run

PASSING = """\
# 1. Record architecture decisions

Date: 2025-03-04

## Status

Accepted

## Context

We need to record the decisions made on the platform, so that people joining later
can see why the system looks the way it does.

## Decision

We will keep Architecture Decision Records in `docs/adr/`, reviewed like code.

## Consequences

Records are numbered and never renumbered.
"""

#: A link to a file that does not exist: LNK001, an error.
FAILING = PASSING.replace("# 1. Record", "# 2. Record") + "\nSee [the runbook](../runbook.md).\n"

VERIFIED = "github.com-pallets-flask"
OTHER = "github.com-pallets-werkzeug"
BLOCKED = VERIFY.replace("\nnone\n", "\n- the runtime claim was not traced to the source\n")


def workspace(root: Path) -> Path:
    """The four documents in a git repository, an empty assay.toml at its root."""
    root.mkdir(parents=True, exist_ok=True)
    (root / "assay.toml").write_text("", encoding="utf-8")
    adr = root / "docs" / "adr"
    adr.mkdir(parents=True)
    (adr / "0001-record-architecture-decisions.md").write_text(PASSING, encoding="utf-8")
    (adr / "0002-record-more-decisions.md").write_text(FAILING, encoding="utf-8")
    write_run(root)
    other = SOURCE.replace("flask", "werkzeug")
    write_run(
        root,
        OTHER,
        verify=BLOCKED,
        run_toml=RUN_TOML.replace(SOURCE, other),
        boundary=BOUNDARY.replace(SOURCE, other),
    )
    subprocess.run(["git", "init", "-q"], cwd=root, check=True)
    subprocess.run(["git", "add", "-A"], cwd=root, check=True)
    return root


def publish(
    root: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *args: str
) -> tuple[int, str]:
    monkeypatch.chdir(root)
    code = main(["publish", "--no-cache", *args])
    return code, capsys.readouterr().out


def pages(site: Path) -> set[str]:
    """The built HTML pages, as paths below the site (the theme's 404 page left out)."""
    return {p.relative_to(site).as_posix() for p in site.rglob("*.html")} - {"404.html"}


def snapshot(site: Path) -> dict[str, bytes]:
    return {p.relative_to(site).as_posix(): p.read_bytes() for p in site.rglob("*") if p.is_file()}


RUN_PAGES = {
    f"runs/{VERIFIED}/{page}/index.html"
    for page in ("boundary", "output/runtime", "lenses/memory", "lenses/epistemic", "overview")
} | {f"runs/{VERIFIED}/verify/index.html"}


def test_publish_builds_exactly_the_passing_record_and_the_verified_review(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    root = workspace(tmp_path / "ws")
    code, out = publish(root, monkeypatch, capsys)
    assert code == EXIT_OK, out
    site = root / "site"
    assert pages(site) == {
        "index.html",
        "decisions/index.html",
        "timeline/index.html",
        "reviews/index.html",
        "decisions/0001-record-architecture-decisions/index.html",
        f"reviews/{VERIFIED}/index.html",
        *RUN_PAGES,
    }
    review = (site / f"reviews/{VERIFIED}/index.html").read_text(encoding="utf-8")
    assert "Evidence basis: https://github.com/pallets/flask at commit" in review
    # The Description is the page's meta description, in the built-in theme too.
    head = review.split("</head>", 1)[0]
    assert head.count('<meta name="description" content="') == 1
    assert '<meta name="description" content="None">' not in head
    # The review's links into the run's files resolve in the built site.
    assert f'href="../../runs/{VERIFIED}/output/runtime/"' in review
    assert "excluded docs/adr/0002-record-more-decisions.md: LNK001 " in out
    assert f"excluded runs/{OTHER}: verify.md lists 1 blocker" in out
    assert "published docs/adr/0001-record-architecture-decisions.md" in out
    assert f"published reviews/{VERIFIED}.md (review of runs/{VERIFIED})" in out
    assert not any(p.name.startswith(".site.") for p in root.iterdir())  # no leftovers


def test_strict_exits_1_and_leaves_the_previous_site_byte_identical(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    root = workspace(tmp_path / "ws")
    assert publish(root, monkeypatch, capsys)[0] == EXIT_OK
    before = snapshot(root / "site")
    (root / "docs/adr/0001-record-architecture-decisions.md").write_text(
        PASSING.replace("Records are numbered", "Records, now, are numbered"), encoding="utf-8"
    )
    code, out = publish(root, monkeypatch, capsys, "--strict")
    assert code == EXIT_FINDINGS
    assert f"excluded runs/{OTHER}" in out
    assert snapshot(root / "site") == before


def test_a_build_failing_midway_leaves_the_previous_site_in_place(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import mkdocs.commands.build as mkdocs_build

    root = workspace(tmp_path / "ws")
    assert publish(root, monkeypatch, capsys)[0] == EXIT_OK
    before = snapshot(root / "site")
    real = mkdocs_build._build_page

    def fail_midway(page: object, *args: object, **kwargs: object) -> None:
        if "runtime" in str(getattr(page, "file", "")):
            raise RuntimeError("killed midway")
        real(page, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(mkdocs_build, "_build_page", fail_midway)
    monkeypatch.chdir(root)
    code = main(["publish", "--no-cache"])
    assert code == EXIT_ERROR
    assert "MkDocs could not build the site: killed midway" in capsys.readouterr().err
    assert snapshot(root / "site") == before
    assert not any(p.name.startswith(".site.") for p in root.iterdir())


def test_a_linked_record_is_never_copied(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    root = workspace(tmp_path / "ws")
    secret = tmp_path / "secret.md"
    secret.write_text(PASSING.replace("# 1.", "# 3.") + "\nSECRET TEXT\n", encoding="utf-8")
    (root / "docs/adr/0003-linked.md").symlink_to(secret)
    code, _ = publish(root, monkeypatch, capsys)
    assert code == EXIT_OK
    assert all(b"SECRET TEXT" not in data for data in snapshot(root / "site").values())


def test_a_spec_error_publishes_nothing_and_says_where(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Types unknown, nothing can be judged: exit 2 at the spec's line and column, and
    the previous site stays."""
    root = workspace(tmp_path / "ws")
    assert publish(root, monkeypatch, capsys)[0] == EXIT_OK
    before = snapshot(root / "site")
    (root / "assay.toml").write_text('specs = ["assay/*.assay"]\n', encoding="utf-8")
    (root / "assay").mkdir()
    (root / "assay" / "broken.assay").write_text("type {\n", encoding="utf-8")
    monkeypatch.chdir(root)
    assert main(["publish", "--no-cache"]) == EXIT_ERROR
    assert "assay/broken.assay:1:6: SPC001" in capsys.readouterr().err
    assert snapshot(root / "site") == before


def test_a_publish_killed_outright_leaves_the_previous_site_and_is_tidied_after(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """SIGKILL while MkDocs writes the new site (a real process, killed as soon as the
    first page of the new site exists): the previous site is byte-identical; the next
    publish removes the half-built folder and builds."""
    import os
    import signal
    import sys
    import time

    root = workspace(tmp_path / "ws")
    adr = root / "docs" / "adr"
    for number in range(3, 80):  # enough pages that the build is caught while it writes
        text = PASSING.replace("# 1. Record", f"# {number}. Record")
        (adr / f"{number:04d}-record-decision-{number}.md").write_text(text, encoding="utf-8")
    subprocess.run(["git", "add", "-A"], cwd=root, check=True)
    assert publish(root, monkeypatch, capsys)[0] == EXIT_OK
    before = snapshot(root / "site")
    (adr / "0001-record-architecture-decisions.md").write_text(
        PASSING.replace("Records are numbered", "Records, now, are numbered"), encoding="utf-8"
    )
    process = subprocess.Popen(
        [sys.executable, "-m", "assay", "publish", "--no-cache"],
        cwd=root,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 120  # a bound on waiting, not a timed assertion
        while time.monotonic() < deadline and process.poll() is None:
            if any(next(new.rglob("*.html"), None) for new in root.glob(".site.new-*")):
                break
            time.sleep(0.005)
        assert process.poll() is None, "the publish ended before its new site was caught"
        os.kill(process.pid, signal.SIGKILL)
    finally:
        process.wait()
    assert snapshot(root / "site") == before
    assert list(root.glob(".site.new-*"))  # the half-built site, left by the kill
    assert publish(root, monkeypatch, capsys)[0] == EXIT_OK
    assert not any(p.name.startswith(".site.") for p in root.iterdir())
    assert snapshot(root / "site") != before


def test_a_kill_between_the_two_renames_gives_the_previous_site_back(tmp_path: Path) -> None:
    """The old site renamed aside, the new one never renamed in: `recover` puts the
    previous site back at `out` before the next build."""
    from assay.engine.files.folders import recover

    out = tmp_path / "site"
    aside = tmp_path / ".site.old-x1"
    aside.mkdir()
    (aside / "index.html").write_text("previous", encoding="utf-8")
    (tmp_path / ".site.new-y2").mkdir()
    recover(out)
    assert (out / "index.html").read_text(encoding="utf-8") == "previous"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def test_the_overview_page_is_described_by_its_description_and_its_trace_is_there(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """An overview's own `description:` is not the page's: the verified Description is;
    a file of the run the review links to is published with it."""
    root = tmp_path / "ws"
    root.mkdir()
    (root / "assay.toml").write_text("", encoding="utf-8")
    overview = "---\ndescription: An author's own words.\n---\n" + OVERVIEW.replace(
        "for the dispatch path.", "for the dispatch path, and [the trace](output/trace.txt)."
    )
    write_run(root, overview=overview, extra={"output/trace.txt": "wsgi_app\n"})
    subprocess.run(["git", "init", "-q"], cwd=root, check=True)
    subprocess.run(["git", "add", "-A"], cwd=root, check=True)
    code, out = publish(root, monkeypatch, capsys)
    assert code == EXIT_OK, out
    description = OVERVIEW.split("## Description\n\n", 1)[1].split("\n", 1)[0]
    for page in (f"runs/{VERIFIED}/overview/index.html", f"reviews/{VERIFIED}/index.html"):
        head = (root / "site" / page).read_text(encoding="utf-8").split("</head>", 1)[0]
        assert f'<meta name="description" content="{description}">' in head, page
        assert "An author" not in head
    assert (root / "site" / f"runs/{VERIFIED}/output/trace.txt").read_text() == "wsgi_app\n"
