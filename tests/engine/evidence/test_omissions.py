"""Optional omissions remain explicit (seed 002): every optional unit the budget has no
room for is named by ``eval prepare`` on its output, kept in the store (each
preparation's and attempt's provision), and named in the summary's notes (EVL040).

Generated declarations hold a primary source and optional ones of generated sizes,
under a generated budget; the units left out are worked out here, independently, from
the rule the guide states: each optional unit, in order, goes in whole if it fits in
the room left, else it is left out.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from assay.api import evaluation
from assay.cli import main
from tests.engine.evidence.workspace import AGENT

_PRIMARY = b"# Adding\n\nAdd the two numbers; answer with the sum only.\n"


def _spec(optional: list[bytes], budget: int) -> str:
    pins = "\n".join(
        f'    optional "docs/opt{i}.md" sha256 "{hashlib.sha256(text).hexdigest()}"'
        for i, text in enumerate(optional)
    )
    return f'''declaration adding version 1 {{
    when topic [arithmetic]
    primary "docs/adding.md" sha256 "{hashlib.sha256(_PRIMARY).hexdigest()}"
{pins}
}}

benchmark arith version 1 {{
    overview "docs/adding.md"
    budget {budget}
    task add {{
        where topic arithmetic
        prompt "Solve add."
    }}
}}

answers arith-key version 1 for arith {{
    add "5"
}}

runner fixture version 1 {{
    argv ["{sys.executable}", "{AGENT}", "correct"]
    env [PATH]
}}

results agent-json version 1 {{
    answer answer
}}
'''


def _left_out(optional: list[bytes], budget: int) -> list[str]:
    room = budget - len(_PRIMARY)
    out = []
    for i, text in enumerate(optional):
        if len(text) <= room:
            room -= len(text)
        else:
            out.append(f"docs/opt{i}.md")
    return out


@settings(
    max_examples=min(settings().max_examples, 12),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    sizes=st.lists(st.integers(1, 400), min_size=1, max_size=4),
    room=st.integers(0, 800),
)
def test_every_optional_unit_left_out_is_named_everywhere(
    tmp_path_factory: pytest.TempPathFactory,
    monkeypatch: pytest.MonkeyPatch,
    sizes: list[int],
    room: int,
) -> None:
    root = tmp_path_factory.mktemp("omit")
    optional = [(f"# Note {i}\n" + "n" * size + "\n").encode() for i, size in enumerate(sizes)]
    budget = len(_PRIMARY) + room
    files = {
        "assay.toml": b'specs = ["eval.assay"]\n',
        "eval.assay": _spec(optional, budget).encode(),
        "docs/adding.md": _PRIMARY,
        **{f"docs/opt{i}.md": text for i, text in enumerate(optional)},
    }
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    for name, data in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(data)
    subprocess.run(["git", "add", "-A"], cwd=root, check=True)
    expected = _left_out(optional, budget)

    monkeypatch.chdir(root)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["eval", "prepare", "--db", "evidence.sqlite"])
    assert code == 0, err.getvalue()
    printed = [line for line in out.getvalue().splitlines() if "optional unit left out" in line]
    assert [line.split(": ", 2)[2].split(" ")[0] for line in printed] == expected

    evaluation.run(root, root / "evidence.sqlite", runner="fixture")
    with evaluation.open_store(root / "evidence.sqlite", read_only=True) as store:
        preps = store.preparations("arith@1")
    kept = [u.split(" ")[0] for u in preps[("add", "task")].provision.omitted]
    assert kept == expected
    assert preps[("add", "overview")].provision.omitted == ()
    [task] = [a for a in evaluation.attempts(root / "evidence.sqlite") if a.condition == "task"]
    assert [u.split(" ")[0] for u in task.provision.omitted] == expected
    summary = evaluation.summarize_store(root / "evidence.sqlite")
    notes = [n for n in summary.notes if n.code == "EVL040"]
    if expected:
        [note] = notes
        assert note.attempts == (task.id,)
        for path in expected:
            assert path in note.message
    else:
        assert notes == []
