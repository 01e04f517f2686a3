"""A benchmark workspace for the delivery tests: one task, an overview larger than a
pipe holds (so an agent that stops reading leaves the writer blocked, not done), a
declaration with a cue, and the partial-reading agent."""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

from tests.engine.evidence.workspace import repository

AGENT = Path(__file__).with_name("partial_agent.py")
GUIDE = b"# Adding\n\nAdd the two numbers; answer with the sum only.\n"
#: 200 KiB and a bit: three pipe buffers' worth.
OVERVIEW = b"# Overview\n\n" + b"This repository holds arithmetic tasks.\n" * 5200
CUE = "sums"
#: The cue the task condition delivers, as an attempt records it.
DELIVERED_CUE = f"{CUE}@adding@1"


def spec_text() -> str:
    digest = hashlib.sha256(GUIDE).hexdigest()
    return f'''declaration adding version 1 {{
    when topic [arithmetic]
    primary "docs/adding.md" sha256 "{digest}"
    cue "{CUE}" covers [arithmetic]
}}

benchmark arith version 1 {{
    overview "docs/overview.md"
    budget 5000
    task add {{
        where topic arithmetic
        prompt "Solve add."
    }}
}}

answers arith-key version 1 for arith {{
    add "5"
}}

runner reader version 1 {{
    argv ["{sys.executable}", "{AGENT}"]
    env [PATH, READ_OVERVIEW, READ_TASK, END, REPORT]
    timeout 30
}}

results agent-json version 1 {{
    answer answer
}}
'''


def make(root: Path) -> Path:
    """``root`` as a git repository holding the spec and its documents."""
    return repository(root, spec_text(), GUIDE, OVERVIEW)
