"""The neutral trace format as a JSON Schema (``assay schema trace``): one line of it.

The shape is ``NeutralEvent``; its first four fields are required, the others
optional (absent means: not known, or the default). ``assay.engine.traces.reading
.neutral`` reads exactly this, and the tests hold the two together.
"""

from __future__ import annotations

from typing import Any, Literal

from attrs import frozen

from assay.spec.model import Model
from assay.spec.trace import Actor

TRACE_FORMAT_VERSION = 1
REQUIRED = ("sequence", "actor", "kind", "name")


@frozen(kw_only=True)
class NeutralEvent(Model):
    """One line of a neutral trace: one call, result or lifecycle event, in order."""

    sequence: int  #: strictly increasing down the file
    actor: Actor
    kind: Literal["call", "result", "event"]
    name: str  #: the tool called or answered, or the event's name
    call_id: str | None = None  #: what a call carries and its result answers
    arguments: dict[str, Any] | None = None  #: a call's arguments
    is_error: bool = False  #: a result that reports failure
    returned_turns: tuple[str, ...] = ()  #: turn ids a result returned
    active_tools: tuple[str, ...] | None = None  #: the main agent's active tools
    source_digests: dict[str, str] | None = None  #: path -> sha256 of source transcripts


def trace_schema() -> dict[str, Any]:
    """The JSON Schema of one line of a neutral trace."""
    from assay.spec.schema import schema_for

    schema = schema_for(
        NeutralEvent,
        title="assay neutral trace line",
        identifier=f"https://assay.invalid/schemas/trace-v{TRACE_FORMAT_VERSION}.json",
    )
    schema["required"] = list(REQUIRED)
    properties = schema["properties"]
    properties["sequence"]["minimum"] = 0
    properties["name"]["minLength"] = 1
    properties["call_id"] = {"anyOf": [{"type": "string", "minLength": 1}, {"type": "null"}]}
    # A result names the call it answers.
    schema["if"] = {"properties": {"kind": {"const": "result"}}}
    schema["then"] = {"required": ["call_id"], "properties": {"call_id": {"type": "string"}}}
    return schema
