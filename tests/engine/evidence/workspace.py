"""A benchmark workspace in a real git repository, for the evaluation tests."""

from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path

AGENT = Path(__file__).with_name("agent.py")
GUIDE = b"# Adding\n\nAdd the two numbers; answer with the sum only.\n"
OVERVIEW = b"# Overview\n\nThis repository holds arithmetic tasks.\n"


def spec(mode: str = "correct", *, paid: bool = False, timeout: int = 20, tasks: int = 2) -> str:
    """A spec with a benchmark of ``tasks`` tasks, its answer key, a runner of the
    fixture agent in ``mode``, and a result schema."""
    digest = hashlib.sha256(GUIDE).hexdigest()
    names = ["add", "mul", *(f"t{i:03d}" for i in range(tasks - 2))][:tasks]
    body = "\n".join(
        f'    task {n} {{\n        where topic arithmetic\n        prompt "Solve {n}."\n    }}'
        for n in names
    )
    answers = "\n".join(f'    {n} "{ {"add": "5", "mul": "6"}.get(n, "0") }"' for n in names)
    return f'''declaration adding version 1 {{
    when topic [arithmetic]
    primary "docs/adding.md" sha256 "{digest}"
}}

benchmark arith version 1 {{
    overview "docs/overview.md"
    budget 5000
{body}
}}

answers arith-key version 1 for arith {{
{answers}
}}

runner fixture version 1 {{
    argv ["{sys.executable}", "{AGENT}", "{mode}"]
    env [PATH, AGENT_DELAY, AGENT_PIDFILE, AGENT_FLOOD_MIB]
    timeout {timeout}
{"    paid" if paid else ""}
}}

results agent-json version 1 {{
    answer answer
    counter input_tokens
}}
'''


def make(root: Path, text: str) -> Path:
    """``root`` as a git repository holding the spec ``text`` and the documents."""
    return repository(root, text, GUIDE, OVERVIEW)


def repository(root: Path, text: str, guide: bytes, overview: bytes) -> Path:
    """``root`` as a git repository holding the spec ``text``, its config and the two
    documents its declarations pin (every file added)."""
    files = {
        "assay.toml": b'specs = ["eval.assay"]\n',
        "eval.assay": text.encode(),
        "docs/adding.md": guide,
        "docs/overview.md": overview,
    }
    root.mkdir(parents=True, exist_ok=True)
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    for name, data in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(data)
    subprocess.run(["git", "add", "-A"], cwd=root, check=True)
    return root
