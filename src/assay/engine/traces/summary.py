"""What a Pi entry says, in one line of text (the window's ``text``; the entry itself
goes along as persisted, so nothing is lost by shortening here).

Text items are kept whole but their whitespace runs become one space; a tool call is
``→ name {arguments}``; images and thinking are left out (their data is no reading).
"""

from __future__ import annotations

import json
from typing import Any


def entry_text(entry: dict[str, Any]) -> str:
    """One line saying what ``entry`` holds."""
    kind = entry.get("type")
    if kind == "message" and isinstance(entry.get("message"), dict):
        return _message(entry["message"])
    if kind in ("compaction", "branch_summary"):
        return _flat(entry.get("summary"))
    if kind == "model_change":
        return f"model {_flat(entry.get('provider'))}/{_flat(entry.get('modelId'))}"
    if kind == "thinking_level_change":
        return f"thinking level {_flat(entry.get('thinkingLevel'))}"
    if kind in ("custom", "custom_message"):
        body = _content(entry.get("content")) or _json(entry.get("data"))
        return f"{_flat(entry.get('customType'))}: {body}".rstrip(": ")
    if kind == "label":
        return f"label {_flat(entry.get('label'))} on {_flat(entry.get('targetId'))}"
    if kind == "session_info":
        return f"session name {_flat(entry.get('name'))}"
    return ""


def _message(message: dict[str, Any]) -> str:
    role = message.get("role")
    if role == "toolResult":
        failed = " (error)" if message.get("isError") is True else ""
        body = _content(message.get("content"))
        return f"{_flat(message.get('toolName'))} result{failed}: {body}".rstrip(": ")
    if role == "bashExecution":
        return f"$ {_flat(message.get('command'))} → {_flat(message.get('output'))}"
    if role in ("branchSummary", "compactionSummary"):
        return _flat(message.get("summary"))
    return _content(message.get("content"))


def _content(content: Any) -> str:
    if isinstance(content, str):
        return _flat(content)
    if not isinstance(content, list):
        return ""
    parts = []
    for item in content:
        if not isinstance(item, dict):
            continue
        if item.get("type") == "text":
            parts.append(_flat(item.get("text")))
        elif item.get("type") == "toolCall":
            parts.append(f"→ {_flat(item.get('name'))} {_json(item.get('arguments'))}")
    return " ".join(part for part in parts if part)


def _flat(value: Any) -> str:
    return " ".join(value.split()) if isinstance(value, str) else ""


def _json(value: Any) -> str:
    if value is None:
        return ""
    return json.dumps(value, ensure_ascii=False, sort_keys=True)
