"""Reading a task (`--where KEY=VALUE`) and a request (`--declaration NAME@V`)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assay.engine.context.selection import Request
from assay.engine.context.task import parse_request, parse_where
from assay.errors import UsageError


def test_where_reads_keys_and_values_as_written() -> None:
    assert parse_where(["language=go", "repository=svc-a", "query=a=b", "Kind= x"]) == {
        "language": "go",
        "repository": "svc-a",
        "query": "a=b",
        "Kind": " x",
    }


@pytest.mark.parametrize(
    ("items", "words"),
    [
        (["language"], "expected KEY=VALUE"),
        (["=go"], "the dimension (before `=`) is empty"),
        (["language="], "the value (after `=`) is empty"),
        (["language=go", "language=rust"], "a task has one value per dimension"),
    ],
)
def test_bad_where_is_a_usage_error(items: list[str], words: str) -> None:
    with pytest.raises(UsageError, match=words.replace("(", r"\(").replace(")", r"\)")):
        parse_where(items)


def test_request_reads_name_and_version() -> None:
    assert parse_request("go-testing@2") == Request(name="go-testing", version=2)
    assert parse_request("team@x@007") == Request(name="team@x", version=7)


@pytest.mark.parametrize(
    "text",
    [
        "go-testing",
        "@2",
        "go-testing@",
        "go-testing@0",
        "go-testing@v2",
        "a@٣",
        "a@9999999999",
        "a@-1",
    ],
)
def test_bad_request_is_a_usage_error(text: str) -> None:
    with pytest.raises(UsageError):
        parse_request(text)


@given(st.lists(st.text(), max_size=5))
def test_where_never_crashes(items: list[str]) -> None:
    """Any text: a task whose every item round-trips, or a UsageError."""
    try:
        task = parse_where(items)
    except UsageError:
        return
    assert [f"{k}={v}" for k, v in task.items()] == items


@given(st.text())
def test_request_never_crashes(text: str) -> None:
    try:
        request = parse_request(text)
    except UsageError:
        return
    assert request.version >= 1
    assert parse_request(f"{request.name}@{request.version}") == request
