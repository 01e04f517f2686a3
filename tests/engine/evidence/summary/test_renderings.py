"""The renderings: text, JSON and Markdown snapshots; the SVG plot well-formed,
deterministic and escaped."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ElementTree

import jsonschema
import pytest
from attrs import evolve
from syrupy.assertion import SnapshotAssertion
from syrupy.extensions.json import JSONSnapshotExtension
from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode

from assay.engine.evidence.summary import (
    plot_differences,
    render_markdown,
    render_text,
    summarize,
    summary_json,
)
from assay.spec.evaluation_summary import Summary, summary_schema
from tests.engine.evidence.summary.build import POLICY, VERSIONS, attempt

HOSTILE = 'x<script>alert("|")</script>&*_'


class SvgExtension(SingleFileSnapshotExtension):
    """Each SVG snapshot as a `.svg` file a browser can open."""

    _write_mode = WriteMode.TEXT
    file_extension = "svg"
    _file_extension = "svg"


def _rich() -> Summary:
    """A summary with something in every section: a fixed task, an unchanged one, a
    retried failure, an incompatible attempt, an unpaired hostile name, priced and
    incomplete counters."""
    tokens = {"input_tokens": 100, "output_tokens": 20}
    big = {"input_tokens": 400, "output_tokens": None}
    attempts = [
        attempt(1, "hard0", "overview", "wrong", counters=tokens, answer="41"),
        attempt(2, "hard0", "task", "correct", counters=big, duration_ms=1800),
        attempt(3, "hard1", "overview", "wrong", counters=tokens),
        attempt(4, "hard1", "task", "unknown", status="failed", exit_code=1, answer=None),
        attempt(5, "hard1", "task", "wrong", counters=big, answer="40"),
        attempt(6, "easy", "overview", "correct", counters=tokens, duration_ms=700),
        attempt(7, "easy", "task", "correct", counters=big),
        attempt(8, "easy", "task", "wrong", versions=evolve(VERSIONS, runner="fixture@0")),
        attempt(9, HOSTILE, "overview", "wrong", counters=tokens, answer="a | b\n<i>\x1b[31m"),
    ]
    tasks = ["hard0", "hard1", "easy", HOSTILE]
    return summarize(attempts, tasks=tasks, policy=POLICY)


@pytest.fixture
def json_snapshot(snapshot: SnapshotAssertion) -> SnapshotAssertion:
    return snapshot.use_extension(JSONSnapshotExtension)


def test_text(snapshot: SnapshotAssertion) -> None:
    """The terminal report: matched differences first, no-verdict reasons last."""
    text = render_text(_rich())
    assert text.index("Matched differences") < text.index("Aggregates") < text.index("Descriptive")
    assert "\x1b" not in text and "\\x1b" in text  # the escape is shown, not obeyed
    assert text == snapshot


def test_text_of_subset_errors(snapshot: SnapshotAssertion) -> None:
    """Subset errors alone, one line each."""
    assert render_text(summarize([], tasks=["a"], policy=None, subset="a,2,b")) == snapshot


def test_json(json_snapshot: SnapshotAssertion) -> None:
    """The JSON form, valid against `assay schema summary`."""
    value = summary_json(_rich())
    jsonschema.Draft202012Validator(summary_schema()).validate(value)
    assert json.loads(json.dumps(value)) == value
    assert value == json_snapshot


def test_markdown(review_snapshot: SnapshotAssertion) -> None:
    """The Markdown report, with task names and answers escaped for table cells."""
    text = render_markdown(_rich())
    assert "<script>" not in text and "\\<script\\>" in text
    assert text == review_snapshot


def test_svg(snapshot: SnapshotAssertion) -> None:
    """The plot parses as XML, holds no script, escapes the hostile name, and is the
    same bytes every time."""
    svg = plot_differences(_rich())
    root = ElementTree.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert not [e for e in root.iter() if e.tag.endswith("script")]
    texts = [e.text for e in root.iter() if e.tag.endswith("}text")]
    assert HOSTILE in texts
    assert svg == plot_differences(_rich())
    assert svg == snapshot.use_extension(SvgExtension)


def test_svg_of_an_empty_summary_is_well_formed() -> None:
    """No task, no pair: still a valid SVG."""
    ElementTree.fromstring(plot_differences(summarize([], tasks=[], policy=None)))


def test_a_verdict_renders(snapshot: SnapshotAssertion) -> None:
    """An earned verdict in text and Markdown (without a plot link when none is asked)."""
    attempts = [
        attempt(1, "t1", "overview", "wrong"),
        attempt(2, "t1", "task", "correct"),
        attempt(3, "t2", "overview", "wrong"),
        attempt(4, "t2", "task", "correct"),
    ]
    summary = summarize(attempts, tasks=["t1", "t2"], policy=POLICY)
    assert summary.verdict is not None
    markdown = render_markdown(summary, plot=None)
    assert ".svg" not in markdown
    assert (render_text(summary), markdown) == snapshot
