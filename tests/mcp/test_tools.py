"""Each tool of `assay mcp`, called with the SDK's client on a real server over the
example workspace: it answers what its command prints as JSON (the client validates
each answer against the tool's output schema)."""

from __future__ import annotations

import contextlib
import io
import json
import shlex
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from syrupy.assertion import SnapshotAssertion

from assay.cli import main
from assay.cli.commands.schema import schema
from tests.mcp.serving import Client, example, serving, text

RUN = "runs/github.com-vectifyai-pageindex"


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return example(tmp_path_factory.mktemp("mcp"))


@pytest.fixture(scope="module")
def client(workspace: Path) -> Iterator[Client]:
    with serving(workspace) as connected:
        yield connected


def printed(root: Path, command: str) -> Any:
    """The JSON ``assay COMMAND`` prints, run in ``root``."""
    out = io.StringIO()
    quiet = io.StringIO()
    with contextlib.chdir(root), contextlib.redirect_stdout(out), contextlib.redirect_stderr(quiet):
        main(shlex.split(command))
    return json.loads(out.getvalue())


def answer(client: Client, name: str, arguments: dict[str, Any] | None = None) -> Any:
    """The structured answer of a call that succeeded; its text holds the same JSON."""
    result = client.call(name, arguments)
    assert not result.is_error, text(result)
    assert json.loads(text(result)) == result.structured_content
    return result.structured_content


def test_the_tools_and_their_schemas(client: Client, snapshot: SnapshotAssertion) -> None:
    """Every tool, with its input and output schema, read-only without --allow-write."""
    listed = [t.model_dump(by_alias=True, exclude_none=True, mode="json") for t in client.tools()]
    assert [t["name"] for t in listed] == [
        "check",
        "files",
        "parse",
        "rules",
        "select",
        "assemble",
        "render",
        "identity",
        "trace_check",
        "trace_fetch",
        "eval_summary",
    ]
    assert all(t["annotations"]["readOnlyHint"] for t in listed)
    # Each answer's schema is the one `assay schema NAME` prints (tested below); the
    # snapshot names it by its $id, so that what it shows is the tools' own.
    assert [named(t) for t in listed] == snapshot


def named(value: Any) -> Any:
    """``value`` with each embedded `assay schema` replaced by its ``$id``."""
    if isinstance(value, dict):
        if "$id" in value:
            return {"$ref": value["$id"]}
        return {key: named(item) for key, item in value.items()}
    if isinstance(value, list):
        return [named(item) for item in value]
    return value


@pytest.mark.parametrize(
    ("tool", "names"),
    [
        ("check", ["report"]),
        ("files", ["files"]),
        ("parse", ["document", "reading", "spec"]),
        ("select", ["selection"]),
        ("trace_check", ["report"]),
        ("trace_fetch", ["window"]),
        ("eval_summary", ["summary"]),
    ],
)
def test_an_answers_schema_is_its_commands(client: Client, tool: str, names: list[str]) -> None:
    """The output schema is what `assay schema NAME` prints for the command's JSON."""
    [listed] = [t for t in client.tools() if t.name == tool]
    expected = [schema(name) for name in names]
    output = listed.output_schema
    assert (output["anyOf"] if len(names) > 1 else [output]) == expected


def test_check_answers_the_json_report(client: Client, workspace: Path) -> None:
    """`check` is `assay check --format json`: the same report, findings and summary."""
    found = answer(client, "check")
    assert found == printed(workspace, "check --format json")
    assert found["summary"]["errors"] > 0  # the example's deliberate defects


def test_check_reports_the_paths_asked_only(client: Client, workspace: Path) -> None:
    """`paths` limit what is reported (an agent checks the file it is writing)."""
    path = "docs/adr/0005-publish-settlement-events-through-kafka.md"
    found = answer(client, "check", {"paths": [path], "select": ["LNK,DOC"]})
    assert found == printed(workspace, f"check --format json --select LNK,DOC {path}")
    assert {d["path"] for d in found["diagnostics"]} <= {path}


def test_files_is_the_listing_of_assay_files(client: Client, workspace: Path) -> None:
    assert answer(client, "files") == printed(workspace, "files --format json")


def test_parse_reads_a_document_its_typed_reading_and_a_spec(
    client: Client, workspace: Path
) -> None:
    """`parse` is `assay parse --json`, with `type` and `spec` as the options are."""
    record = "docs/adr/0002-use-postgresql-for-the-ledger.md"
    assert answer(client, "parse", {"path": record}) == printed(workspace, f"parse {record} --json")
    typed = answer(client, "parse", {"path": record, "type": "adr"})
    assert typed == printed(workspace, f"parse {record} --type adr --json")
    spec = answer(client, "parse", {"path": "assay/context.assay", "spec": True})
    assert spec == printed(workspace, "parse assay/context.assay --spec --json")


def test_rules_gives_a_codes_page(client: Client) -> None:
    """With a code or a name: that rule and its page; without: every rule."""
    found = answer(client, "rules", {"code": "broken-link"})
    assert [r["code"] for r in found["rules"]] == ["LNK001"]
    assert found["page"].startswith("# LNK001 broken-link")
    assert len(answer(client, "rules")["rules"]) > 50


def test_select_explains_what_was_not_selected(client: Client, workspace: Path) -> None:
    found = answer(client, "select", {"where": {"repository": "billing"}})
    assert found == printed(workspace, "select --where repository=billing --format json")
    assert found["selected"] and all(e["message"] for e in found["excluded"])


def test_assemble_gives_the_bundle_and_its_manifest_under_the_budget(
    client: Client, workspace: Path
) -> None:
    """The text is bundle.md's, the manifest manifest.json's, and nothing is written."""
    where = {"repository": "billing", "task_kind": "bugfix"}
    found = answer(client, "assemble", {"where": where, "budget": 4000})
    assert found["manifest"]["budget"] == 4000 and found["manifest"]["used"] <= 4000
    assert found["text"].startswith("<!-- assay bundle · task: repository=billing")
    assert [d["code"] for d in found["report"]["diagnostics"]] == ["CTX002"] * len(
        found["manifest"]["omitted"]
    )
    assert found["written"] == [] and not (workspace / "bundle").exists()


def test_render_gives_a_verified_runs_review(client: Client, workspace: Path) -> None:
    """The review `assay render` prints, and where its links resolve from."""
    found = answer(client, "render", {"run": RUN})
    out = io.StringIO()
    with contextlib.chdir(workspace), contextlib.redirect_stdout(out):
        main(["render", RUN])
    assert found == {"review": out.getvalue(), "destination": f"{RUN}/review.md", "written": False}


def test_identity_is_the_normal_form_and_the_slug(client: Client, workspace: Path) -> None:
    url = "https://GitHub.com/o/r.git"
    assert answer(client, "identity", {"url": url}) == printed(
        workspace, f"identity {url} --format json"
    )


def test_trace_check_reports_the_sessions_breaks(client: Client, workspace: Path) -> None:
    session = "sessions/silent-fallback.jsonl"
    found = answer(client, "trace_check", {"session": session})
    assert found == printed(workspace, f"trace check {session} --format json")
    assert {d["code"][:3] for d in found["diagnostics"]} == {"PRT"}


def test_trace_fetch_reads_a_window_by_exact_turn_id(client: Client, workspace: Path) -> None:
    session = "sessions/historical-review.jsonl"
    arguments = {"session": session, "turn": "e1f00004", "window": 2}
    found = answer(client, "trace_fetch", arguments)
    expected = printed(workspace, f"trace fetch {session} --turn e1f00004 --window 2 --format json")
    assert found == expected


def test_trace_fetch_of_an_unknown_turn_is_an_error_with_its_diagnostic(client: Client) -> None:
    """PRT020: the refusal the command prints (exit 1) is the tool's error here."""
    arguments = {"session": "sessions/historical-review.jsonl", "turn": "nope", "window": 1}
    result = client.call("trace_fetch", arguments)
    assert result.is_error and text(result).startswith("PRT020")
    [entry] = result.structured_content["report"]["diagnostics"]
    assert entry["code"] == "PRT020"
