"""The tools of checking: ``check``, ``files``, ``parse`` and ``rules``.

Each answers what its command prints with ``--format json`` (``--json`` for parse),
through that command's renderer.
"""

from __future__ import annotations

from typing import Any

from assay import __version__
from assay.mcp.answers import json_text
from assay.mcp.arguments import Served, destination, inside
from assay.mcp.errors import ToolError


def check(served: Served, arguments: dict[str, Any]) -> str:
    """``assay check --format json [PATH…]``: the whole workspace checked, the findings
    of ``paths`` (default: all) reported; with ``output`` (and ``--allow-write``) the
    report is also written there."""
    from assay.api import check as check_workspace
    from assay.api.files import report_destination, write_text
    from assay.cli.formats.json_report import render

    paths = [inside(served, path) for path in arguments.get("paths", ())]
    output = destination(served, arguments.get("output"), "output")
    config = served.config()
    result = check_workspace(
        served.root,
        paths,
        config,
        select=_codes(arguments.get("select")),
        ignore=_codes(arguments.get("ignore")),
        # One process: forking a server that runs threads could copy a lock another
        # thread holds (a pool of processes is for the command line's batch runs).
        jobs=1,
    )
    rendered = render(result, version=__version__, source=lambda _path: None)
    if output is not None:
        # Never over a file the check read, the config, a folder or a link.
        write_text(report_destination(output, config, result), rendered)
    return rendered


def files(served: Served, arguments: dict[str, Any]) -> str:
    """``assay files --format json``: what discovery found, and why."""
    from assay.api.workspace import inventory
    from assay.cli.commands.files import listing_value

    found = inventory(served.config())
    return json_text(listing_value(found.files, found.notes))


def parse(served: Served, arguments: dict[str, Any]) -> str:
    """``assay parse PATH --json`` (``--spec``, ``--type NAME``): how assay reads one
    file."""
    from assay.api.documents import UnknownType, Unreadable, find_type, parse_file, typed_reading
    from assay.api.files import PathRefused, contained_file
    from assay.cli.commands.parse import reading_value, typed_value

    spec = bool(arguments.get("spec", False))
    try:
        # Checked first for the refusal's code (PTH001 to PTH003); then opened as the
        # command opens it, relative, so walked from the root through no link.
        path = contained_file(served.root, arguments["path"]).relative_to(served.root)
        parsed = parse_file(path.as_posix(), spec=spec)
    except PathRefused as refused:
        raise ToolError(str(refused)) from None
    except Unreadable as error:
        raise ToolError(str(error)) from None
    name = arguments.get("type")
    if name is None or spec:
        return json_text(reading_value(parsed, spec=spec))
    try:
        doc_type = find_type(name, served.config())
    except UnknownType as error:
        raise ToolError(str(error), error.problems) from None
    return json_text(typed_value(parsed, typed_reading(parsed, doc_type)))


def rules(served: Served, arguments: dict[str, Any]) -> str:
    """``assay rules [CODE]``: every rule, or one rule and its reference page."""
    from assay.api.rules import RULES, find
    from assay.spec.rules.pages import rule_page, rules_index

    code = arguments.get("code")
    if code is None:
        chosen, page = RULES, rules_index(RULES)
    else:
        found = find(code)
        if found is None:
            raise ToolError(f"no rule `{code}`; the tool `rules` without a code lists them")
        chosen, page = (found,), rule_page(found)
    listed = [
        {"code": r.code, "name": r.name, "severity": r.severity, "summary": r.summary}
        for r in chosen
    ]
    return json_text({"rules": listed, "page": page})


#: What ``rules`` answers.
RULES_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "rules": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "code": {"type": "string"},
                    "name": {"type": "string"},
                    "severity": {"enum": ["error", "warning", "info"]},
                    "summary": {"type": "string"},
                },
                "required": ["code", "name", "severity", "summary"],
                "additionalProperties": False,
            },
        },
        "page": {"type": "string", "description": "the reference page (Markdown)"},
    },
    "required": ["rules", "page"],
    "additionalProperties": False,
}


def _codes(values: list[str] | None) -> list[str] | None:
    """``["A,B", "C"]`` -> ``[A, B, C]``, as ``--select A,B --select C``; None: not given."""
    if values is None:
        return None
    return [part.strip() for value in values for part in value.split(",") if part.strip()]
