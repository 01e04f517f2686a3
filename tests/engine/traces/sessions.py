"""Pi session entries for tests, built from pi-mono's `docs/session-format.md` (not copied
from any real session): a header, then entries linked by id and parentId."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

Entry = dict[str, Any]


def header(version: int = 3) -> Entry:
    """The `session` header line."""
    return {"type": "session", "version": version, "id": "uuid-1", "timestamp": "t", "cwd": "/w"}


def message(ident: str, parent: str | None, body: Entry) -> Entry:
    """A `message` entry holding ``body`` (an AgentMessage)."""
    return {"type": "message", "id": ident, "parentId": parent, "timestamp": "t", "message": body}


def user(ident: str, parent: str | None, text: str = "Hello") -> Entry:
    return message(ident, parent, {"role": "user", "content": text})


def calls(
    ident: str, parent: str | None, *items: tuple[str, str, Entry], stop: str = "toolUse"
) -> Entry:
    """An assistant message with one `toolCall` item per ``(call id, tool, arguments)``."""
    content = [{"type": "toolCall", "id": c, "name": n, "arguments": a} for c, n, a in items]
    return message(ident, parent, {"role": "assistant", "content": content, "stopReason": stop})


def said(ident: str, parent: str | None, text: str, stop: str = "stop") -> Entry:
    """An assistant message of text only."""
    content = [{"type": "text", "text": text}]
    return message(ident, parent, {"role": "assistant", "content": content, "stopReason": stop})


def answer(
    ident: str,
    parent: str | None,
    call: str,
    tool: str,
    *,
    error: bool = False,
    details: Any = None,
    text: str = "done",
) -> Entry:
    """A `toolResult` message answering ``call``."""
    body: Entry = {
        "role": "toolResult",
        "toolCallId": call,
        "toolName": tool,
        "content": [{"type": "text", "text": text}],
        "isError": error,
    }
    if details is not None:
        body["details"] = details
    return message(ident, parent, body)


def custom(ident: str, parent: str | None, kind: str, data: Entry) -> Entry:
    return {
        "type": "custom",
        "id": ident,
        "parentId": parent,
        "timestamp": "t",
        "customType": kind,
        "data": data,
    }


def text_of(entries: list[Entry]) -> str:
    """The session file's text: one compact JSON entry a line."""
    return "".join(json.dumps(e, separators=(",", ":")) + "\n" for e in entries)


def write(root: Path, entries: list[Entry], name: str = "session.jsonl") -> str:
    """Write the session below ``root``; its workspace-relative path."""
    (root / name).write_text(text_of(entries), encoding="utf-8")
    return name
