"""The arguments of ``assay eval prepare|run|summary|merge|assess``: apart from ``assay.cli``
so that module stays small and these grow with the evaluation capability."""

from __future__ import annotations

import argparse
from typing import Any

from assay.cli.options import (
    add_config_option,
    add_format_option,
    add_output_option,
    add_store_option,
)


def add_eval_command(commands: Any) -> None:
    """Add ``assay eval`` and its subcommands."""
    evaluation = commands.add_parser(
        "eval",
        help="evaluation evidence: prepare task inputs, run an agent, summarize, merge shards",
        description=(
            "Keep evaluation evidence in one SQLite file. `prepare` (the default, also "
            "what `assay eval` alone does) builds every task's inputs and starts no agent; "
            "`run` runs one overview/task pair per task with a declared runner and keeps "
            "every attempt; `summary` launches nothing; `merge` joins shard stores; "
            "`assess` records an assessment someone made of an attempt's answer."
        ),
    )
    stages = evaluation.add_subparsers(dest="eval_command", metavar="STAGE")
    prepare = stages.add_parser("prepare", help="store each task's material; start no agent")
    _objects(prepare)
    prepare.add_argument(
        "--policy", metavar="FILE", help="record this policy (TOML) before any attempt"
    )
    run = stages.add_parser("run", help="run the overview then the task attempt of each task")
    _objects(run)
    run.add_argument("--runner", required=True, metavar="NAME[@V]", help="the declared runner")
    run.add_argument(
        "--jobs", type=_jobs, default=1, metavar="N", help="attempts run at once (default 1)"
    )
    run.add_argument(
        "--shard", metavar="I/N", help="run only slice I of N (of the tasks sorted by name)"
    )
    run.add_argument(
        "--keep-output",
        type=_bytes,
        default=None,
        metavar="BYTES",
        help="bytes of each attempt's stdout and stderr kept (default 1 MiB; the size "
        "and sha256 of all of it are kept always)",
    )
    run.add_argument(
        "--authorize-spending",
        action="store_true",
        help="allow a paid runner to spend, up to the recorded policy's cap",
    )
    run.add_argument(
        "--continue",
        dest="resume",
        action="store_true",
        help="go on past the spending cap (another cap's worth): run the attempts that "
        "did not run to their end",
    )
    summary = stages.add_parser("summary", help="summarize the attempts; launches nothing")
    add_store_option(summary)
    add_format_option(summary, ("text", "json", "markdown"))
    add_output_option(summary, what="summary")
    summary.add_argument(
        "--tasks", metavar="SUBSET", help="these tasks only: `3`, `1-20`, a name; comma-separated"
    )
    summary.add_argument(
        "--benchmark",
        metavar="NAME[@V]",
        help="the benchmark's tasks (default: the latest prepared; NAME: its newest version); "
        "one the store does not hold is refused, listing those it holds",
    )
    _assess(stages)
    merge = stages.add_parser("merge", help="join shard stores into a new one")
    merge.add_argument("out", metavar="OUT", help="the new store")
    merge.add_argument("stores", nargs="+", metavar="STORE", help="the shard stores, two or more")


def _assess(stages: Any) -> None:
    assess = stages.add_parser(
        "assess",
        help="record an independent assessment of an attempt's answer",
        description=(
            "Record a judgement a person or another tool made of one attempt's answer; "
            "assay never makes one. It is bound to the answer's sha256, the digests of "
            "the sources the attempt was given and the policy; earlier ones are kept."
        ),
    )
    add_store_option(assess)
    assess.add_argument("--attempt", required=True, type=_attempt, metavar="ID", help="its id")
    assess.add_argument("--verdict", required=True, choices=("supported", "unsupported", "unclear"))
    assess.add_argument(
        "--policy", required=True, metavar="NAME@V", help="the assessment policy and version"
    )
    assess.add_argument(
        "--answer-sha256",
        metavar="HEX",
        help="the digest of the answer you judged: refused unless it is the stored one",
    )


def _attempt(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or int(text) < 1:
        raise argparse.ArgumentTypeError(f"not an attempt id (a whole number from 1): {text!r}")
    return int(text)


def _objects(parser: argparse.ArgumentParser) -> None:
    add_store_option(parser)
    for kind in ("benchmark", "answers", "results"):
        parser.add_argument(
            f"--{kind}", metavar="NAME[@V]", help=f"the {kind} to use (default: the only one)"
        )
    add_config_option(parser)


def _bytes(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or len(text) > 12:
        raise argparse.ArgumentTypeError(f"not a number of bytes (0 or more): {text!r}")
    return int(text)


def _jobs(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= 1024:
        raise argparse.ArgumentTypeError(f"not a whole number from 1 to 1024: {text!r}")
    return int(text)
