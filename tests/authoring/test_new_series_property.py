"""Over generated series (zero padding, the separator after the number and between
the words, a label, Markdown or reStructuredText, numbers with gaps): the new record
takes the next free number, is named in the series' form, and `assay check` reports
nothing wrong with it but its unanswered prompts."""

from __future__ import annotations

import contextlib
import datetime
import io
import json
import os
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from assay.cli import main
from assay.engine.authoring.create import new_record
from assay.engine.workspace.config import load_config

DAY = datetime.date(2025, 1, 31)
_WORD = st.sampled_from(["use", "kafka", "events", "data", "api"])
_WORDS = st.lists(_WORD, min_size=1, max_size=3)


def _record(number: int, title: str, suffix: str) -> str:
    heading = f"{number}. {title}"
    if suffix == ".rst":
        parts = [heading, "#" * len(heading), "", "Status", "******", "", "Accepted", ""]
        for name in ("Context", "Decision", "Consequences"):
            parts += [name, "*" * len(name), "", f"The {name.lower()} of record {number}.", ""]
        return "\n".join(parts)
    body = "".join(
        f"## {n}\n\nThe {n.lower()} of record {number}.\n\n"
        for n in ("Context", "Decision", "Consequences")
    )
    return f"# {heading}\n\n## Status\n\nAccepted\n\n{body}"


def _check(root: Path) -> list[dict[str, object]]:
    out = io.StringIO()
    cwd = Path.cwd()
    os.chdir(root)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
            main(["check", "--format", "json", "--no-cache"])
    finally:
        os.chdir(cwd)
    return list(json.loads(out.getvalue())["diagnostics"])


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    numbers=st.sets(st.integers(1, 120), min_size=1, max_size=4),
    width=st.sampled_from([1, 3, 4]),
    label=st.sampled_from(["", "adr-", "nep-", "ADR"]),
    separator=st.sampled_from(["-", "_"]),
    suffix=st.sampled_from([".md", ".rst"]),
    words=st.lists(_WORDS, min_size=4, max_size=4),
)
def test_the_new_record_is_the_next_in_the_series_form(
    numbers: set[int],
    width: int,
    label: str,
    separator: str,
    suffix: str,
    words: list[list[str]],
) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        (root / "assay.toml").write_text("")
        folder = root / "docs/adr"
        folder.mkdir(parents=True)
        for at, number in enumerate(sorted(numbers)):
            stem = separator.join(words[at])
            name = f"{label}{number:0{width}d}{separator}{stem}{suffix}"
            (folder / name).write_text(_record(number, " ".join(words[at]).capitalize(), suffix))
        created = new_record(load_config(root), "Use a thing", today=DAY, cwd=root)
        following = max(numbers) + 1
        expected = f"{label}{following:0{width}d}{separator}use{separator}a{separator}thing{suffix}"
        assert created.path == f"docs/adr/{expected}"
        text = (root / created.path).read_text(encoding="utf-8")
        assert text.startswith(f"{following}. Use a thing\n" if suffix == ".rst" else "# ")
        wrong = {
            str(d["code"])
            for d in _check(root)
            if d["path"] == created.path and d["severity"] == "error"
        }
        assert "DOC007" in wrong  # its prompts are reported until answered: check ran
        assert wrong <= {"DOC007", "FLD006"}
