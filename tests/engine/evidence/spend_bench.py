"""A paid benchmark for the spending tests: a workspace whose runner is a tiny agent
that does, at each launch, what a plan file says for that launch, and appends what
it truly spent to a ledger before it answers, so the tests know the truth whatever
the agent reports (or fails to), and the store can be judged against it.

Truth: ``input_tokens`` at 0.001 credit and ``output_tokens`` at 0.004, so no launch
spends more than ``MOST`` (400 and 100 tokens).
"""

from __future__ import annotations

import contextlib
import io
import itertools
import json
import os
import shlex
import sqlite3
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

from attrs import frozen

from assay.cli import main
from tests.engine.evidence.workspace import GUIDE, make

RATES = {"input_tokens": 0.001, "output_tokens": 0.004}
MOST_TOKENS = {"input_tokens": 400, "output_tokens": 100}
MOST = sum(RATES[c] * MOST_TOKENS[c] for c in RATES)

AGENT = """\
import fcntl, json, os, signal, sys, time
plan_path, ledger_path = sys.argv[1], sys.argv[2]
sys.stdin.buffer.read()
key = os.environ["ASSAY_TASK"] + "/" + os.environ["ASSAY_CONDITION"]
with open(ledger_path, "a+") as ledger:
    fcntl.flock(ledger, fcntl.LOCK_EX)
    ledger.seek(0)
    n = sum(1 for line in ledger if json.loads(line)["key"] == key)
    with open(plan_path) as plan:
        launches = json.load(plan)[key]
    act = launches[n % len(launches)]
    ledger.write(json.dumps({"key": key, "cost": act["cost"], "pid": os.getpid()}) + "\\n")
    ledger.flush()
sys.stdout.write(act["output"])
sys.stdout.flush()
if act["cancel"]:
    os.kill(os.getppid(), signal.SIGTERM)
if act["cancel"] or act["sleep"]:
    time.sleep(60)
sys.exit(act["exit"])
"""


@frozen(kw_only=True)
class Act:
    """What the agent does at one launch: the tokens it uses (what it spends), what it
    reports of them, its exit status, and whether it sleeps past the timeout or has
    assay cancelled (SIGTERM) while it runs."""

    input_tokens: int
    output_tokens: int
    report: str  # exact | none | partial | mistyped | overflow | not-json
    exit: int = 0
    sleep: bool = False
    cancel: bool = False

    @property
    def cost(self) -> float:
        """The credit it truly spent."""
        return (
            self.input_tokens * RATES["input_tokens"] + self.output_tokens * RATES["output_tokens"]
        )

    def output(self) -> str:
        """What it prints."""
        tokens = {"input_tokens": self.input_tokens, "output_tokens": self.output_tokens}
        shown: dict[str, object] = {
            "exact": tokens,
            "none": {},
            "partial": {"input_tokens": self.input_tokens},
            "mistyped": {**tokens, "input_tokens": str(self.input_tokens)},
            "overflow": {**tokens, "output_tokens": 10**400},  # more than a float holds
        }.get(self.report, {})
        if self.report == "not-json":
            return f"used {self.input_tokens} and {self.output_tokens} tokens\n"
        return json.dumps({"answer": "5", **shown}) + "\n"


def spec(tasks: int, agent: Path, plan: Path, ledger: Path, timeout: int) -> str:
    """A benchmark of ``tasks`` tasks run by the planned agent, paid."""
    import hashlib

    digest = hashlib.sha256(GUIDE).hexdigest()
    names = [f"t{i}" for i in range(tasks)]
    body = "\n".join(
        f'    task {n} {{ where topic arithmetic  prompt "Solve {n}." }}' for n in names
    )
    answers = " ".join(f'{n} "5"' for n in names)
    argv = ", ".join(json.dumps(str(a)) for a in (sys.executable, agent, plan, ledger))
    return f"""declaration adding version 1 {{
    when topic [arithmetic]
    primary "docs/adding.md" sha256 "{digest}"
}}
benchmark paid-bench version 1 {{
    overview "docs/overview.md"
    budget 5000
{body}
}}
answers key version 1 for paid-bench {{ {answers} }}
runner agent version 1 {{ argv [{argv}]  env [PATH]  timeout {timeout}  paid }}
results out version 1 {{ answer answer  counter input_tokens  counter output_tokens }}
"""


def policy_text(cap: float, worst: float | None, rates: Sequence[tuple[str, float, str]]) -> str:
    """A policy file: ``rates`` as (counter, per_unit, dated)."""
    lines = ['name = "team"', "version = 1", f"cap = {cap!r}"]
    if worst is not None:
        lines.append(f"attempt_worst_case = {worst!r}")
    for counter, per_unit, dated in rates:
        lines += [
            "",
            "[[rates]]",
            'kind = "credit"',
            f"counter = {json.dumps(counter)}",
            f"per_unit = {per_unit!r}",
            f"dated = {json.dumps(dated)}",
        ]
    return "\n".join(lines) + "\n"


VALID_RATES = tuple((c, r, "2026-01-01") for c, r in RATES.items())


class Bench:
    """One workspace in ``where``, its plan of acts per ``task/condition``, its ledger."""

    def __init__(
        self, where: Path, tasks: int, acts: dict[str, Sequence[Act]], timeout: int = 1
    ) -> None:
        where.mkdir(parents=True, exist_ok=True)
        self.agent, self.plan, self.ledger = (
            where / "agent.py",
            where / "plan.json",
            where / "ledger",
        )
        self.agent.write_text(AGENT)
        self.ledger.touch()
        planned = {
            key: [{"cost": a.cost, "output": a.output(), **_flags(a)} for a in launches]
            for key, launches in acts.items()
        }
        self.plan.write_text(json.dumps(planned))
        self.root = make(where / "ws", spec(tasks, self.agent, self.plan, self.ledger, timeout))
        self.db = self.root / "e.sqlite"

    def assay(self, command: str) -> tuple[int, str]:
        """``assay COMMAND`` in the workspace, in this process; its exit code and stderr."""
        here = Path.cwd()
        err = io.StringIO()
        os.chdir(self.root)
        try:
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
                code = main(shlex.split(command))
        finally:
            os.chdir(here)
        return code, err.getvalue()

    def spent(self) -> list[float]:
        """What each launch truly spent, in the order the agents began."""
        return [json.loads(line)["cost"] for line in self.ledger.read_text().splitlines()]

    def keys(self) -> list[str]:
        """The ``task/condition`` of each launch, in the order the agents began."""
        return [json.loads(line)["key"] for line in self.ledger.read_text().splitlines()]

    def pids(self) -> list[int]:
        """The agents' process ids, in the order they began."""
        return [json.loads(line)["pid"] for line in self.ledger.read_text().splitlines()]


def _flags(act: Act) -> dict[str, object]:
    return {"exit": act.exit, "sleep": act.sleep, "cancel": act.cancel}


@frozen(kw_only=True)
class Row:
    """One attempt as the store's own row has it."""

    id: int
    key: str
    status: str
    reserved: float | None
    charged: float | None

    @property
    def counted(self) -> float:
        """What the row counts against the cap: settled, else held."""
        return self.charged if self.charged is not None else (self.reserved or 0.0)

    @property
    def launched(self) -> bool:
        """Whether a process was started for it."""
        return self.status not in ("refused", "basis-error")


def rows(db: Path) -> list[Row]:
    """The store's attempts, read with SQL (not through assay)."""
    with contextlib.closing(sqlite3.connect(db)) as connection:
        found = connection.execute(
            "SELECT id, task || '/' || condition, status, reserved, charged"
            " FROM attempts ORDER BY id"
        ).fetchall()
    return [Row(id=r[0], key=r[1], status=r[2], reserved=r[3], charged=r[4]) for r in found]


def windows(db: Path) -> list[list[Row]]:
    """The store's attempts split at each continuation past the cap (the rows after
    each ``continuations.after_attempt``), read with SQL."""
    with contextlib.closing(sqlite3.connect(db)) as connection:
        cuts = [
            r[0] or 0
            for r in connection.execute("SELECT after_attempt FROM continuations ORDER BY id")
        ]
    found = rows(db)
    bounds = [0, *cuts, max((r.id for r in found), default=0)]
    return [[r for r in found if low < r.id <= high] for low, high in itertools.pairwise(bounds)]


def paid_twice(found: Sequence[Row]) -> list[str]:
    """The task/condition pairs launched again after one of their attempts completed."""
    done: set[str] = set()
    again = []
    for row in found:
        if row.key in done and row.launched:
            again.append(row.key)
        if row.status == "completed":
            done.add(row.key)
    return again


def keys(tasks: int) -> Iterator[str]:
    """Every ``task/condition`` of a bench of ``tasks`` tasks."""
    for i in range(tasks):
        for condition in ("overview", "task"):
            yield f"t{i}/{condition}"
