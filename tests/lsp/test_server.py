"""``assay lsp`` over stdio, with pygls's client against a real server process
(issue 26 §2): diagnostics from unsaved text and cleared when fixed, the rule's link,
hover, quick fixes that repair, saves, spec files, files outside the workspace."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from lsprotocol import types

from tests.lsp.editor import Editor, Published, run

RECORD = "docs/adr/0003-partition-ledger-by-tenant.md"
OTHER = "docs/adr/0002-use-postgresql-for-the-ledger.md"
SPEC = "assay/context.assay"
MANIFEST = "runs/github.com-vectifyai-pageindex/run.toml"


def codes(found: Published) -> list[str]:
    return sorted(str(d.code) for d in found)


def test_unsaved_text_is_checked_and_a_fix_clears_it(workspace: Path) -> None:
    """A status typed wrong is FLD002 at its place, with the rule's link; the
    quick fix writes the allowed value; the text fixed, the finding is cleared. Nothing
    was saved: the file on disk is as it was. A client that cannot register file
    watchers is asked for none."""
    on_disk = (workspace / RECORD).read_text("utf-8")
    typo = on_disk.replace("- Status: Proposed", "- Status: Acceptd")

    async def scenario(editor: Editor) -> None:
        editor.open(RECORD)
        assert await editor.diagnostics(RECORD) == []
        # A client that cannot register file watchers is not asked to (it would have
        # been, before the first check).
        assert editor.registered == []
        editor.type(RECORD, typo)
        found = await editor.diagnostics(RECORD, lambda ds: bool(ds))
        assert codes(found) == ["FLD002"]
        (d,) = found
        assert d.severity == types.DiagnosticSeverity.Error and d.source == "assay"
        assert d.range == types.Range(types.Position(2, 10), types.Position(2, 17))
        assert "`Acceptd` is not one of" in d.message
        assert d.code_description is not None
        assert d.code_description.href.endswith("/reference/rules/FLD002/")
        (fix,) = await editor.fixes(RECORD, found)
        assert fix.title == "Write `Accepted`" and fix.kind == types.CodeActionKind.QuickFix
        assert fix.edit is not None and fix.edit.changes is not None
        (edit,) = fix.edit.changes[editor.uri(RECORD)]
        assert edit.range == d.range and edit.new_text == "Accepted"
        editor.type(RECORD, typo.replace("Acceptd", edit.new_text))
        assert await editor.diagnostics(RECORD, lambda ds: not ds) == []

    run(workspace, scenario)
    assert (workspace / RECORD).read_text("utf-8") == on_disk


def test_a_link_missing_md_has_a_fix_and_hover_shows_the_rule(workspace: Path) -> None:
    """LNK006 for `(0002-use-postgresql-for-the-ledger)`; the fix adds `.md`; hovering
    on the finding, or on a code written in the text, shows the rule's summary."""
    text = (workspace / RECORD).read_text("utf-8")
    broken = text.replace(
        "(0002-use-postgresql-for-the-ledger.md)", "(0002-use-postgresql-for-the-ledger)"
    )
    broken += "\n<!-- see DOC007 -->\n"

    async def scenario(editor: Editor) -> None:
        editor.open(RECORD, broken)
        found = await editor.diagnostics(RECORD, lambda ds: bool(ds))
        assert codes(found) == ["LNK006"]
        (fix,) = await editor.fixes(RECORD, found)
        assert fix.edit is not None and fix.edit.changes is not None
        (edit,) = fix.edit.changes[editor.uri(RECORD)]
        assert edit.new_text == "0002-use-postgresql-for-the-ledger.md"
        start = found[0].range.start
        shown = await editor.hover(RECORD, start.line, start.character + 1)
        assert shown is not None and "**LNK006**" in shown and "/reference/rules/LNK006/" in shown
        last = len(broken.splitlines()) - 1
        shown = await editor.hover(RECORD, last, len("<!-- see DO"))
        assert shown is not None and "**DOC007**" in shown
        assert await editor.hover(RECORD, 0, 0) is None

    run(workspace, scenario, "--rules-url", "https://docs.example.com/reference/rules")


def test_a_save_and_files_changed_renew_the_other_records(workspace: Path) -> None:
    """A new record saved with 0002's number makes 0002's open page show DOC009 (a
    record saved changes another's findings); the file deleted and the change
    announced, 0002 is clean again."""
    text = (workspace / RECORD).read_text("utf-8").replace("# ADR 0003:", "# ADR 0002:")
    new = "docs/adr/0002-split-the-ledger.md"

    async def scenario(editor: Editor) -> None:
        editor.open(OTHER)
        assert await editor.diagnostics(OTHER) == []
        editor.open(new, text)
        editor.save(new, text)
        found = await editor.diagnostics(OTHER, lambda ds: bool(ds))
        assert codes(found) == ["DOC009"] and "0002-split-the-ledger.md" in found[0].message
        editor.close(new)
        (workspace / new).unlink()
        editor.files_changed(new, types.FileChangeType.Deleted)
        assert await editor.diagnostics(OTHER, lambda ds: not ds) == []

    run(workspace, scenario)


def test_a_spec_a_run_member_and_a_file_outside_the_workspace(
    workspace: Path, tmp_path: Path
) -> None:
    """A spec's unsaved syntax error is reported in it, and so is a run manifest's; a
    file outside the workspace gets no findings, and the server goes on."""
    spec = (workspace / SPEC).read_text("utf-8")
    outside = tmp_path / "elsewhere.md"
    outside.write_text("Status: Acceptd\n", "utf-8")

    async def scenario(editor: Editor) -> None:
        editor.open(SPEC, spec + "\nsource {\n")
        found = await editor.diagnostics(SPEC, lambda ds: bool(ds))
        assert all(str(d.code).startswith("SPC") for d in found), codes(found)
        editor.type(SPEC, spec)
        assert await editor.diagnostics(SPEC, lambda ds: not ds) == []
        editor.open(MANIFEST, "source = \n")
        found = await editor.diagnostics(MANIFEST, lambda ds: bool(ds))
        assert codes(found) == ["DOC019"] and "not valid TOML" in found[0].message
        editor.root, root = tmp_path, editor.root
        editor.open("elsewhere.md")
        assert await editor.diagnostics("elsewhere.md") == []
        editor.root = root
        editor.open(RECORD)
        assert await editor.diagnostics(RECORD) == []

    run(workspace, scenario)


def test_a_config_that_cannot_be_read_is_told_and_the_server_goes_on(workspace: Path) -> None:
    """`assay.toml` broken: the editor is shown why, the server starts and answers (no
    findings, no hover) and shuts down when asked."""
    (workspace / "assay.toml").write_text("specs = [\n", "utf-8")

    async def scenario(editor: Editor) -> None:
        editor.open(RECORD, "- Status: Acceptd\n")
        assert await editor.diagnostics(RECORD) == []
        assert await editor.hover(RECORD, 0, 3) is None
        assert len(editor.shown) == 1 and "assay.toml" in editor.shown[0], editor.shown

    run(workspace, scenario)


@pytest.mark.parametrize("module", ["pygls", "lsprotocol"])
def test_without_pygls_the_command_names_the_extra(tmp_path: Path, module: str) -> None:
    """Run where the server's library (or one it needs) cannot be imported: exit 2, the
    module and the extra named, no traceback."""
    blocker = tmp_path / module
    blocker.mkdir()
    (blocker / "__init__.py").write_text(f"raise ModuleNotFoundError('no', name={module!r})\n")
    done = subprocess.run(
        [sys.executable, "-c", "import sys; sys.path.insert(0, sys.argv[1]); "
         "from assay.cli import main; sys.exit(main(['lsp']))", str(tmp_path)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 2, done.stderr
    assert "pip install 'assay[lsp]'" in done.stderr and "Traceback" not in done.stderr
    assert f"no module `{module}`" in done.stderr
