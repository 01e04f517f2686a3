"""docs/guide/mcp.md: each call it shows, made on the example workspace, answers
what the guide shows (an excerpt: every key shown, with its value), and its Python
client runs."""

from __future__ import annotations

import contextlib
import io
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT
from tests.mcp.serving import ASSAY, Client, example, serving

GUIDE = ROOT / "docs/guide/mcp.md"
_CALL = re.compile(
    r"<!-- call: checked by tests/mcp/test_guide.py -->\n```json\n(?P<call>.*?)```\n"
    r"(?:(?!```).)*```json\n(?P<answer>.*?)```",
    re.S,
)
_PYTHON = re.compile(r"```python\n(?P<code>.*?)```", re.S)


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return example(tmp_path_factory.mktemp("guide"))


@pytest.fixture(scope="module")
def client(workspace: Path) -> Iterator[Client]:
    with serving(workspace) as connected:
        yield connected


def shown(expected: Any, actual: Any) -> bool:
    """Whether ``actual`` holds ``expected``: each key of an object shown, with its
    value shown; lists and other values exactly."""
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(
            key in actual and shown(value, actual[key]) for key, value in expected.items()
        )
    return bool(expected == actual)


CALLS = [(m["call"], m["answer"]) for m in _CALL.finditer(GUIDE.read_text(encoding="utf-8"))]


def test_the_guide_shows_calls() -> None:
    assert len(CALLS) == 2


@pytest.mark.parametrize(("call", "answer"), CALLS, ids=["check", "assemble"])
def test_each_call_answers_what_the_guide_shows(client: Client, call: str, answer: str) -> None:
    made = json.loads(call)
    result = client.call(made["name"], made["arguments"])
    assert not result.is_error
    assert shown(json.loads(answer), result.structured_content), result.structured_content


def test_the_python_client_runs(workspace: Path) -> None:
    [code] = [m["code"] for m in _PYTHON.finditer(GUIDE.read_text(encoding="utf-8"))]
    code = code.replace('command="assay"', f"command={ASSAY!r}")
    code = code.replace('cwd="examples"', f"cwd={str(workspace)!r}")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, str(GUIDE), "exec"), {"__name__": "guide"})
    assert "docs/adr/" in out.getvalue() and "LNK001" in out.getvalue()
