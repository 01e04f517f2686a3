"""``assay eval prepare|run|summary|merge|assess``: evaluation evidence in one SQLite file.

Standard output says what was stored (``prepare``, ``merge``, ``assess``) or how the
attempts ended (``run``, one count per status); problems go to standard error, a spec's
with file, line, column and excerpt. Exit 0 done; 1 a run recorded refusals or basis
errors (nothing launched for those pairs); 2 usage, spec or store error, or an
assessment refused (EVL013-EVL015: nothing written, as for a refused merge); 130 or
143 when SIGINT or SIGTERM cancelled a run (the attempts it killed are recorded
``cancelled``).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING

from assay.cli.exit_codes import EXIT_ERROR, EXIT_FINDINGS, EXIT_OK
from assay.cli.names import printable
from assay.cli.output import complain, write

if TYPE_CHECKING:
    from collections.abc import Sequence

    from assay.spec.diagnostics import Diagnostic


def run(options: argparse.Namespace) -> int:
    """Run the stage ``options.eval_command`` asks for (``prepare`` when none)."""
    from assay.api.evaluation import EvidenceError
    from assay.api.workspace import ConfigError
    from assay.errors import UsageError

    stage = options.eval_command or "prepare"
    try:
        return int(_STAGES[stage](options))
    except EvidenceError as error:
        _problems(error.diagnostics, f"assay eval {stage}")
        complain(f"assay eval {stage}: stopped; nothing was run or written for it")
        return EXIT_ERROR
    except (UsageError, ConfigError) as error:
        complain(f"assay eval {stage}: {error}")
        return EXIT_ERROR


def _config(options: argparse.Namespace):  # type: ignore[no-untyped-def]
    from assay.api.workspace import load_config

    explicit = None if getattr(options, "config", None) is None else Path(options.config).resolve()
    return load_config(Path.cwd(), explicit)


def _prepare(options: argparse.Namespace) -> int:
    from assay.api.evaluation import prepare, read_policy

    config = _config(options)
    policy = read_policy(options.policy) if getattr(options, "policy", None) else None
    db = Path(getattr(options, "db", "evidence.sqlite"))
    made = prepare(
        config.root,
        _absolute(db),
        config=config,
        policy=policy,
        benchmark=getattr(options, "benchmark", None),
        answers=getattr(options, "answers", None),
        results=getattr(options, "results", None),
    )
    tasks = len({p.task for p in made})
    benchmark = made[0].benchmark if made else "the benchmark"
    lines = [
        f"prepared {tasks} task{'s' if tasks != 1 else ''} of {benchmark} "
        f"(overview and task conditions) in {db}"
    ]
    for prep in made:
        if not prep.provision.complete:
            missing = "; ".join(prep.provision.missing)
            lines.append(printable(f"  {prep.task} ({prep.condition}): incomplete: {missing}"))
        for unit in prep.provision.omitted:  # optional, left out: said, never silent
            lines.append(
                printable(f"  {prep.task} ({prep.condition}): optional unit left out: {unit}")
            )
    if policy is not None:
        lines.append(f"recorded policy {policy.name}@{policy.version}")
    lines.append("no agent was started; `assay eval run --runner NAME` runs one")
    write("".join(f"{line}\n" for line in lines))
    return EXIT_OK


def _run(options: argparse.Namespace) -> int:
    from assay.api.evaluation import attempts, parse_shard, run

    config = _config(options)
    shard = parse_shard(options.shard) if options.shard else None
    db = _absolute(Path(options.db))
    progress = _progress if sys.stderr.isatty() else None
    keep = {} if options.keep_output is None else {"keep_output": options.keep_output}
    result = run(
        config.root,
        db,
        config=config,
        **keep,
        runner=options.runner,
        benchmark=options.benchmark,
        answers=options.answers,
        results=options.results,
        jobs=options.jobs,
        shard=shard,
        authorize_spending=options.authorize_spending,
        resume=options.resume,
        progress=progress,
    )
    if progress is not None:
        complain("")
    mine = set(result.attempt_ids)
    counts = Counter(a.status for a in attempts(db) if a.id in mine)
    shown = ", ".join(f"{status} {count}" for status, count in sorted(counts.items())) or "none"
    write(f"{len(mine)} attempts recorded in {options.db}: {shown}\n")
    _problems(result.diagnostics, "assay eval run")
    if result.signal is not None:
        import signal

        name = signal.Signals(result.signal).name
        complain(f"assay eval run: cancelled by {name}; the attempts it stopped are recorded")
        return 128 + result.signal
    refused = counts.get("refused", 0) + counts.get("basis-error", 0)
    return EXIT_FINDINGS if refused else EXIT_OK


def _absolute(path: Path) -> Path:
    """``path`` from the current folder, its links and ``..`` kept as named: the rule of
    what a write may replace judges the path the user typed, not where a link leads."""
    return Path.cwd() / path


def _progress(done: int, total: int) -> None:
    sys.stderr.write(f"\rassay eval run: {done}/{total} attempts")
    sys.stderr.flush()


def _summary(options: argparse.Namespace) -> int:
    from assay.cli.commands.eval_summary import summary

    return summary(options)


def _merge(options: argparse.Namespace) -> int:
    from assay.api.evaluation import merge

    copied = merge(options.out, options.stores)
    write(f"merged {copied} attempts from {len(options.stores)} stores into {options.out}\n")
    return EXIT_OK


def _assess(options: argparse.Namespace) -> int:
    from assay.api.evaluation import assess

    made = assess(
        options.db, options.attempt, options.verdict, options.policy, options.answer_sha256
    )
    sources = len(made.assessment.basis_sha256)
    write(
        printable(
            f"recorded assessment {made.id} of attempt {made.attempt}: "
            f"{made.assessment.verdict} under {made.assessment.policy}\n"
            f"bound to answer sha256 {made.assessment.answer_sha256} "
            f"and {sources} source digest{'s' if sources != 1 else ''}\n",
            keep="\n",
        )
    )
    return EXIT_OK


_STAGES = {
    "prepare": _prepare,
    "run": _run,
    "summary": _summary,
    "merge": _merge,
    "assess": _assess,
}


def _problems(diagnostics: Sequence[Diagnostic], prefix: str) -> None:
    """Spec problems as ``assay check`` prints them; store and run problems in a line."""
    from assay.cli.commands.select import _spec_errors

    in_specs = [d for d in diagnostics if d.path.endswith(".assay")]
    if in_specs:
        _spec_errors(in_specs, Path.cwd())
    for d in diagnostics:
        if d not in in_specs:
            where = f"{d.path}: " if d.path else ""
            complain(printable(f"{prefix}: {where}{d.code} {d.message}"))
