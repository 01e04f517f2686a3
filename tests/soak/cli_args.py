"""Command lines: real commands with odd values, and junk around them."""

from __future__ import annotations

import os
import random

_SELECTORS = (
    "DOC",
    "DOC003",
    "doc003",
    "missing-section",
    "LNK001,DOC",
    "",
    ",",
    "XYZ999",
    "ALL",
    "INT001",
    "SUP",
    "D",
    "DOC003,,FLD",
    "é",
    "DOC003 ",
    "*",
    "-",
    "1" * 50,
)
_FORMATS = ("text", "json", "sarif", "github", "xml", "", "TEXT")
_FAIL_ON = ("error", "warning", "info", "never", "none", "")
_TYPES = ("decision", "adr", "madr", "analysis", "consultation", "nope", "", "decision.x")
_JUNK = (
    "--",
    "-",
    "--unknown",
    "-x",
    "--format=json",
    "--select=DOC",
    "--jobs",
    "--jobs=0",
    "--jobs=-1",
    "--jobs=x",
    "--jobs=1",
    "--color",
    "--color=always",
    "--fail-on=never",
    "\udcff",
    "\u202e",
    "é",
    " ",
    "",
    "-" * 200,
    "--" + "x" * 1000,
    "@args",
    "\n",
    "--help",
)


def _path(rng: random.Random, fuzzed: str) -> str:
    return rng.choice(
        (
            fuzzed,
            fuzzed,
            "docs/adr/0001-record-architecture-decisions.md",
            "docs",
            "docs/adr/",
            ".",
            "..",
            "/",
            "/etc/passwd",
            "missing.md",
            "docs/adr/*.md",
            "./" + fuzzed,
            os.fsdecode(b"docs/adr/\xff.md"),
            "docs/adr/" + "x" * 5000 + ".md",
            "assay.toml",
            "assay/decisions.assay",
            "/dev/null",
            "~",
            "docs//adr/../adr/0001-record-architecture-decisions.md",
        )
    )


def check_argv(rng: random.Random, fuzzed: str) -> list[str]:
    argv = ["check"]
    for _ in range(rng.randint(0, 5)):
        option = rng.random()
        if option < 0.2:
            argv += ["--format", rng.choice(_FORMATS)]
        elif option < 0.35:
            argv += [rng.choice(("--select", "--ignore")), rng.choice(_SELECTORS)]
        elif option < 0.45:
            argv += ["--fail-on", rng.choice(_FAIL_ON)]
        elif option < 0.55:
            argv += ["--output", rng.choice(("report.out", "docs", "missing/dir/r.out", "", "."))]
        elif option < 0.65:
            argv += [
                "--config",
                rng.choice(("assay.toml", "fuzzed.toml", "missing.toml", "docs", "")),
            ]
        elif option < 0.72:
            argv += ["--no-cache"]
        elif option < 0.8:
            argv += ["--color", rng.choice(("auto", "always", "never", "rainbow"))]
        elif option < 0.85:
            argv += ["--jobs", rng.choice(("1", "0", "-3", "x", "1.5", ""))]
        else:
            argv.append(_path(rng, fuzzed))
    return argv


def parse_argv(rng: random.Random, fuzzed: str) -> list[str]:
    argv = ["parse", _path(rng, fuzzed)]
    if rng.random() < 0.3:
        argv.append("--spec")
    if rng.random() < 0.4:
        argv.append("--json")
    if rng.random() < 0.4:
        argv += ["--type", rng.choice(_TYPES)]
    return argv


def argv_for(rng: random.Random, fuzzed: str) -> list[str]:
    """A command line for a workspace whose fuzzed document is at ``fuzzed``."""
    kind = rng.random()
    if kind < 0.45:
        argv = check_argv(rng, fuzzed)
    elif kind < 0.8:
        argv = parse_argv(rng, fuzzed)
    elif kind < 0.88:
        argv = ["rules"] + (
            [rng.choice((*_SELECTORS, "LNK001", "broken-link"))] if rng.random() < 0.8 else []
        )
    elif kind < 0.94:
        argv = ["schema"] + (
            [rng.choice(("document", "spec", "report", "x", ""))] if rng.random() < 0.8 else []
        )
    else:
        argv = [rng.choice(("--version", "--help", "", "nope", "check", "parse"))]
    if rng.random() < 0.15:
        argv.insert(rng.randint(0, len(argv)), rng.choice(_JUNK))
    # exec() cannot pass a NUL, so neither does a shell: no command line holds one.
    return [arg.replace("\0", "") for arg in argv]
