"""The MkDocs plugin: ``plugins: [assay]`` in a real ``mkdocs.yml``, built by the real
``mkdocs`` command, passes and fails ``mkdocs build --strict`` as the gate decides."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from assay.site.plugin_paths import folder_prefix, nav_pages
from tests.site.sites import (
    generated_pages,
    mkdocs_site,
    passing_workspace,
    run_mkdocs,
    shown_output,
)
from tests.site.test_publish import OTHER, VERIFIED, workspace
from tests.test_doc_outputs import matches

FAILING_RECORD = "docs/adr/0002-record-more-decisions.md"


def html(site: Path) -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(site.rglob("*.html")))


def test_a_passing_workspace_builds_strict_with_the_generated_pages_in_the_site(
    tmp_path: Path,
) -> None:
    """Every page the tree writes is a page of the site below assay/, and the explicit
    nav gains the section."""
    root = passing_workspace(tmp_path / "ws")
    mkdocs_site(root)
    out, tmp = tmp_path / "out", tmp_path / "tmp"
    tmp.mkdir()
    result = run_mkdocs(root, out, "--strict", tmp=tmp)
    assert result.returncode == 0, result.stderr
    # Pages outside the nav are not listed one by one (a long INFO for many records).
    assert 'not included in the "nav"' not in result.stderr
    expected = generated_pages(root)
    assert "index.html" in expected and len(expected) > 2
    for page in expected:
        assert (out / "assay" / page).is_file(), page
    assert (out / "index.html").is_file()  # the site's own home page is still there
    home = (out / "index.html").read_text(encoding="utf-8")
    assert "Decision records" in home and 'href="assay/"' in home
    assert "Evidence basis: https://github.com/pallets/flask" in html(out / "assay")
    assert not list(tmp.iterdir())  # the generated tree is removed after the build


def test_a_failing_record_fails_strict_and_is_named(tmp_path: Path) -> None:
    """--strict: the exclusions are warnings, so the build aborts, naming each."""
    root = workspace(tmp_path / "ws")
    mkdocs_site(root)
    result = run_mkdocs(root, tmp_path / "out", "--strict")
    assert result.returncode == 1
    assert f"WARNING -  assay: excluded {FAILING_RECORD}: LNK001" in result.stderr
    assert f"assay: excluded runs/{OTHER}: verify.md lists 1 blocker" in result.stderr
    assert "Aborted with 2 warnings in strict mode!" in result.stdout
    # What docs/guide/mkdocs-plugin.md shows is this build's output, as a terminal shows
    # it (MkDocs logs to standard error, and says it aborted on standard output).
    shown = shown_output("guide/mkdocs-plugin.md", "mkdocs build --strict")
    printed = (result.stderr + result.stdout).splitlines()
    assert matches(shown, [line.rstrip() for line in printed]), printed


def test_without_a_nav_the_automatic_one_gets_only_the_index_pages(tmp_path: Path) -> None:
    root = passing_workspace(tmp_path / "ws")
    mkdocs_site(root)
    config = root / "mkdocs.yml"
    config.write_text(config.read_text().replace("nav:\n  - Home: index.md\n", ""), "utf-8")
    out = tmp_path / "out"
    result = run_mkdocs(root, out, "--strict")
    assert result.returncode == 0, result.stderr
    home = (out / "index.html").read_text(encoding="utf-8")
    assert 'href="assay/"' in home
    assert "0001-record-architecture-decisions" not in home


def test_without_strict_the_site_builds_and_leaves_the_failures_out(tmp_path: Path) -> None:
    root = workspace(tmp_path / "ws")
    mkdocs_site(root)
    out = tmp_path / "out"
    result = run_mkdocs(root, out)
    assert result.returncode == 0, result.stderr
    assert f"excluded {FAILING_RECORD}" in result.stderr
    site = html(out)
    assert "Record architecture decisions" in site
    assert "runbook" not in site  # the failing record's own text
    assert "not traced to the source" not in site  # the blocked run's verify.md
    assert f"runs/{VERIFIED}" in site


def test_a_failing_record_inside_docs_dir_is_removed_from_the_site(tmp_path: Path) -> None:
    """A site whose docs_dir holds the records: MkDocs would publish the failing one
    itself; the plugin takes it out, and the passing one stays where it was."""
    root = workspace(tmp_path / "ws")
    mkdocs_site(root, docs_dir="docs")
    out = tmp_path / "out"
    result = run_mkdocs(root, out)
    assert result.returncode == 0, result.stderr
    assert not (out / "adr/0002-record-more-decisions").exists()
    assert (out / "adr/0001-record-architecture-decisions/index.html").is_file()
    assert "runbook" not in html(out)


def test_a_spec_error_fails_every_build_at_its_line_and_column(tmp_path: Path) -> None:
    root = passing_workspace(tmp_path / "ws")
    mkdocs_site(root)
    (root / "assay.toml").write_text('specs = ["assay/*.assay"]\n', encoding="utf-8")
    (root / "assay").mkdir()
    (root / "assay" / "broken.assay").write_text("type {\n", encoding="utf-8")
    result = run_mkdocs(root, tmp_path / "out")  # not strict: fails all the same
    assert result.returncode == 1
    assert "ERROR   -  assay: assay/broken.assay:1:6: SPC001" in result.stderr
    assert "Traceback" not in result.stderr
    assert not (tmp_path / "out" / "assay").exists()


def test_the_path_option_places_the_pages_and_a_taken_path_is_refused(tmp_path: Path) -> None:
    root = passing_workspace(tmp_path / "ws")
    mkdocs_site(root, plugin="  - assay:\n      path: records/verified\n")
    out = tmp_path / "out"
    assert run_mkdocs(root, out, "--strict").returncode == 0
    assert (out / "records/verified/index.html").is_file()
    (root / "handbook/records/verified").mkdir(parents=True)
    (root / "handbook/records/verified/index.md").write_text("# Mine\n", encoding="utf-8")
    result = run_mkdocs(root, tmp_path / "again")
    assert result.returncode == 1
    assert "assay: the site already has records/verified/index.md" in result.stderr


def test_a_path_outside_the_site_is_refused(tmp_path: Path) -> None:
    root = passing_workspace(tmp_path / "ws")
    mkdocs_site(root, plugin="  - assay:\n      path: ../elsewhere\n")
    result = run_mkdocs(root, tmp_path / "out")
    assert result.returncode == 1
    assert "assay: `path` must be a relative folder (got '../elsewhere')" in result.stderr


def test_properdocs_runs_the_plugin_from_the_mkdocs_entry_point(tmp_path: Path) -> None:
    """ProperDocs (MkDocs' fork) loads `mkdocs.plugins` entry points: the same site passes
    and fails --strict as under MkDocs. It ships no built-in theme; Material works."""
    root = passing_workspace(tmp_path / "ws")
    mkdocs_site(root, extra="theme:\n  name: material\n")
    out = tmp_path / "out"
    result = run_mkdocs(root, out, "--strict", tool="properdocs")
    assert result.returncode == 0, result.stderr
    for page in generated_pages(root):
        assert (out / "assay" / page).is_file(), page
    (root / "docs/adr/0002-broken.md").write_text(
        (root / "docs/adr/0001-record-architecture-decisions.md")
        .read_text(encoding="utf-8")
        .replace("# 1.", "# 2.")
        + "\nSee [the runbook](../runbook.md).\n",
        encoding="utf-8",
    )
    failed = run_mkdocs(root, tmp_path / "again", "--strict", tool="properdocs")
    assert failed.returncode == 1
    assert "assay: excluded docs/adr/0002-broken.md: LNK001" in failed.stderr


def test_properdocs_installed_beside_mkdocs_leaves_mkdocs_itself() -> None:
    """Its import hook redirects `mkdocs.*` only once `properdocs` is imported: the
    `mkdocs` the other tests run is MkDocs'."""
    import sys

    import mkdocs.plugins

    assert "properdocs" not in sys.modules
    assert Path(mkdocs.plugins.__file__).parent.name == "mkdocs"


@given(st.text())
def test_folder_prefix_is_a_relative_folder_or_none(path: str) -> None:
    """Any string: either refused, or a prefix that stays inside the site."""
    prefix = folder_prefix(path)
    if prefix is not None:
        parts = prefix[:-1].split("/")
        assert prefix.endswith("/") and not prefix.startswith("/")
        assert all(part not in ("", ".", "..") for part in parts)


def test_folder_prefix_normalizes_and_refuses() -> None:
    assert folder_prefix("assay") == folder_prefix("./assay/") == "assay/"
    assert folder_prefix("a/./b") == "a/b/"
    assert [folder_prefix(p) for p in ("", ".", "/abs", "a/../b", "c:\\x", "a\\b")] == [None] * 6


def test_the_nav_lists_only_the_index_pages_near_the_top() -> None:
    """However many records there are, the nav section holds a handful of index pages."""
    uris = [f"assay/decisions/{n:04}.md" for n in range(1000)]
    uris += ["assay/decisions/index.md", "assay/index.md", "assay/a/b/index.md"]
    assert nav_pages(uris, "assay/") == ["assay/index.md", "assay/decisions/index.md"]
