"""The one table of tools: name, what it does, its arguments' and its answer's JSON
Schemas, and the function that answers it.

An answer's schema is the schema ``assay schema NAME`` prints for the command's JSON
output, so a client validates what it gets against the contract the command line
has; the SDK's client does so on every call.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from attrs import frozen

from assay.mcp import checking, context, runs, sessions
from assay.mcp.arguments import CODES, PATH, WHERE, Served, arguments
from assay.spec.model import Model

#: What answers a call: the JSON text of the answer.
Answer = Callable[[Served, dict[str, Any]], str]


@frozen(kw_only=True)
class Tool(Model):
    """One tool the server offers."""

    name: str
    title: str
    description: str
    #: The JSON Schema of the arguments (an object; nothing undeclared).
    input: dict[str, Any]
    #: The ``assay schema`` names of the answer (several: any one of them).
    output: tuple[str, ...] = ()
    #: Or the answer's schema, when no command prints this shape.
    shape: Callable[[], dict[str, Any]] | None = None
    answer: Answer
    #: Whether the tool reads the workspace (one such call at a time: the engine's
    #: caches belong to the process), unlike ``rules`` and ``identity``.
    workspace: bool = True
    #: Whether a call may write (given ``--allow-write`` and a destination): such a
    #: call is finished, not abandoned, when the client goes away.
    writes: bool = False

    def output_schema(self) -> dict[str, Any]:
        """The answer's JSON Schema."""
        if self.shape is not None:
            return self.shape()
        schemas = [_schema(name) for name in self.output]
        return schemas[0] if len(schemas) == 1 else {"type": "object", "anyOf": schemas}


@cache
def _schema(name: str) -> dict[str, Any]:
    from assay.cli.commands.schema import schema

    return schema(name)


_DECLARATIONS: dict[str, Any] = {
    "type": "array",
    "items": {"type": "string", "pattern": "^.+@[0-9]+$"},
    "description": "versions asked for by name, `go-testing@2` (default: each newest)",
}

TOOLS: tuple[Tool, ...] = (
    Tool(
        name="check",
        title="Check the workspace",
        description=(
            "Check every document of the workspace (records, runs, specs) and report the "
            "findings, as `assay check --format json`. `paths` limit what is reported, "
            "never what is loaded. `output` also writes the report there (a server "
            "started with --allow-write only)."
        ),
        input=arguments(
            paths={"type": "array", "items": PATH, "description": "report these files only"},
            select=CODES | {"description": "run only these codes, families or names"},
            ignore=CODES | {"description": "do not run these codes, families or names"},
            output=PATH | {"description": "also write the report here (--allow-write)"},
        ),
        output=("report",),
        answer=checking.check,
        writes=True,
    ),
    Tool(
        name="files",
        title="List what discovery found",
        description=(
            "Every document assay checks, each spec and each file passed over, with the "
            "document's type and why, as `assay files --format json`."
        ),
        input=arguments(),
        output=("files",),
        answer=checking.files,
    ),
    Tool(
        name="parse",
        title="Show how assay reads a file",
        description=(
            "How assay reads one document, as `assay parse PATH --json`: its model and "
            "diagnostics; with `type`, the typed reading (fields, sections, relations); "
            "with `spec`, a .assay spec."
        ),
        input=arguments(
            ("path",),
            path=PATH,
            type={"type": "string", "minLength": 1, "description": "read as this type"},
            spec={"type": "boolean", "description": "read the file as a .assay spec"},
        ),
        output=("document", "reading", "spec"),
        answer=checking.parse,
    ),
    Tool(
        name="rules",
        title="The rule reference",
        description="Every rule, or with `code` one rule (a code or a name) and its page.",
        input=arguments(code={"type": "string", "minLength": 1, "examples": ["LNK001"]}),
        shape=lambda: checking.RULES_SCHEMA,
        answer=checking.rules,
        workspace=False,
    ),
    Tool(
        name="select",
        title="Select a task's declarations",
        description=(
            "Which task-context declarations the task gets, and why each other one not, "
            "as `assay select --explain --format json`."
        ),
        input=arguments(where=WHERE, declarations=_DECLARATIONS),
        output=("selection",),
        answer=context.select,
    ),
    Tool(
        name="assemble",
        title="Assemble a task's bundle",
        description=(
            "The bundle of pinned source text the task gets under the budget: bundle.md's "
            "text, its manifest (what was included and omitted) and the findings. `out` "
            "also writes the folder (bundle.md, manifest.json; --allow-write only)."
        ),
        input=arguments(
            ("budget",),
            where=WHERE,
            budget={"type": "integer", "minimum": 0, "description": "the most it may hold"},
            unit={"enum": ["bytes", "chars"], "description": "the budget's unit (bytes)"},
            declarations=_DECLARATIONS,
            out=PATH | {"description": "also write the bundle as this folder (--allow-write)"},
        ),
        shape=lambda: context.assemble_schema(_schema("manifest"), _schema("report")),
        answer=context.assemble,
        writes=True,
    ),
    Tool(
        name="render",
        title="Render a verified run's review",
        description=(
            "Verify the analysis run, then render its public review, as `assay render`; "
            "an unverified run renders nothing (the error carries its findings). Links "
            "resolve from `dest` (default: the run's review.md); `write` writes it there "
            "(--allow-write only)."
        ),
        input=arguments(
            ("run",),
            run=PATH | {"description": "the run folder (holds run.toml)"},
            dest=PATH | {"description": "where the review will live"},
            write={"type": "boolean", "description": "write the review (--allow-write)"},
        ),
        shape=lambda: runs.RENDER_SCHEMA,
        answer=runs.render,
        writes=True,
    ),
    Tool(
        name="identity",
        title="Normalize a source identity",
        description="A source's identity as ADR 097 compares it, and its run folder's slug.",
        input=arguments(("url",), url={"type": "string", "description": "a repository URL"}),
        shape=lambda: runs.IDENTITY_SCHEMA,
        answer=runs.identity,
        workspace=False,
    ),
    Tool(
        name="trace_check",
        title="Check a recorded session",
        description=(
            "Each break of the tool protocol in a recorded agent session (Pi's session "
            "file or assay's neutral trace), as `assay trace check --format json`."
        ),
        input=arguments(
            ("session",),
            session=PATH | {"description": "the session file, inside the workspace"},
            protocol={"type": "string", "minLength": 1, "description": "(consultation)"},
            actor={"enum": ["main", "participant"], "description": "whose session (main)"},
        ),
        output=("report",),
        answer=sessions.trace_check,
    ),
    Tool(
        name="trace_fetch",
        title="Fetch a transcript window",
        description=(
            "The entries around one exact turn id of a session, read without touching "
            "the file, as `assay trace fetch --format json`."
        ),
        input=arguments(
            ("session", "turn", "window"),
            session=PATH | {"description": "the session file, inside the workspace"},
            turn={"type": "string", "minLength": 1, "description": "the exact turn id"},
            window={"type": "integer", "minimum": 0, "description": "entries each side"},
        ),
        output=("window",),
        answer=sessions.trace_fetch,
    ),
    Tool(
        name="eval_summary",
        title="Summarize evaluation evidence",
        description=(
            "Matched overview/task pairs task by task, then the aggregate and a verdict "
            "only when the run earned one, as `assay eval summary --format json`."
        ),
        input=arguments(
            ("store",),
            store=PATH | {"description": "the evidence store (SQLite), inside the workspace"},
            benchmark={
                "type": "string",
                "description": "NAME@V or NAME (default: the latest prepared; one the store "
                "does not hold is refused)",
            },
            tasks={"type": "string", "description": "a subset: `3`, `1-20`, a name"},
        ),
        output=("summary",),
        answer=sessions.eval_summary,
    ),
)

#: The tools by name.
BY_NAME: dict[str, Tool] = {tool.name: tool for tool in TOOLS}
