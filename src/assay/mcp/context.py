"""The tools of task context: ``select`` and ``assemble``."""

from __future__ import annotations

from typing import Any

from assay.mcp.answers import json_text, report_json, report_of
from assay.mcp.arguments import Served, destination
from assay.mcp.errors import ToolError


def select(served: Served, arguments: dict[str, Any]) -> str:
    """``assay select --format json``: the declarations the task gets, and why each
    other one not (the explanation is always given: an agent asks once)."""
    from assay.api.context import select as select_declarations
    from assay.cli.commands.select import selection_value

    selection = select_declarations(
        served.root,
        arguments.get("where", {}),
        arguments.get("declarations", ()),
        config=served.config(),
    )
    return json_text(selection_value(selection))


def assemble(served: Served, arguments: dict[str, Any]) -> str:
    """``assay assemble``: the bundle's text and manifest under the budget, with the
    findings (CTX002 for each optional unit left out) as a report; with ``out`` (and
    ``--allow-write``) also written as that folder, as ``--out DIR`` writes it."""
    from assay.api.context import BundleError, assemble, write_bundle
    from assay.spec.convert import to_json_value

    out = destination(served, arguments.get("out"), "out")
    config = served.config()
    bundle = assemble(
        served.root,
        arguments.get("where", {}),
        arguments["budget"],
        arguments.get("unit", "bytes"),
        arguments.get("declarations", ()),
        config=config,
    )
    if not bundle.ok:
        raise ToolError("the bundle cannot be assembled; nothing was written", bundle.diagnostics)
    written: list[str] = []
    if out is not None:
        try:
            # Never the workspace, its config or a source the bundle includes.
            folder = write_bundle(bundle, out, config=config)
        except BundleError as error:
            raise ToolError(f"{error}; nothing was written") from None
        written = [
            (folder / name).relative_to(served.root).as_posix()
            for name in ("bundle.md", "manifest.json")
        ]
    answer = {
        # The exact bytes are bundle.md's; a source that is not UTF-8 shows here with
        # U+FFFD where a byte would not decode (the manifest's digests are the bytes').
        "text": bundle.text.decode("utf-8", "replace"),
        "manifest": to_json_value(bundle.manifest),
        "report": _value(report_json(report_of(bundle.diagnostics))),
        "written": written,
    }
    return json_text(answer)


def _value(text: str) -> object:
    import json

    return json.loads(text)


def assemble_schema(manifest: dict[str, Any], report: dict[str, Any]) -> dict[str, Any]:
    """What ``assemble`` answers: the text, ``manifest`` and ``report`` schemas."""
    return {
        "type": "object",
        "properties": {
            "text": {"type": "string", "description": "bundle.md"},
            "manifest": manifest,
            "report": report,
            "written": {
                "type": "array",
                "items": {"type": "string"},
                "description": "the files written (with `out`), workspace-relative",
            },
        },
        "required": ["text", "manifest", "report", "written"],
        "additionalProperties": False,
    }
