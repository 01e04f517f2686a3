"""The entry points under test, and how one input is made for each.

A target turns a case (the input bytes and what goes with them) into one call of a
public entry point.  In-process, an exception that is not an ``AssayError`` escapes
to the campaign, which calls it a crash; ``Problem`` is raised for the failures that
are not exceptions here: an ``INT001`` finding (a check crashed, the run went on), and a
command line that exits 3 or prints a trace.
"""

from __future__ import annotations

import contextlib
import io
import os
import random
import re
import stat
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.soak import cli_args, grammars, mutators, workspace
from tests.soak.corpus import ROOT, Corpus

FORMATS = ("text", "json", "sarif", "github")
FUZZED_DOCUMENT = "docs/adr/0002-fuzzed.md"
_TRACE_FRAME = re.compile(r'File "([^"]+)", line (\d+), in (\S+)')


class Problem(Exception):
    """A failure seen in an entry point's output rather than raised: ``key`` dedupes it."""

    def __init__(self, key: tuple[str, str], detail: str) -> None:
        super().__init__(detail)
        self.key = key
        self.detail = detail


@dataclass
class Case:
    """One input: everything a target needs to run it again."""

    target: str
    data: bytes
    name: bytes = b""
    argv: list[str] = field(default_factory=list)
    format: str = "text"
    cache: bool = False
    extra: dict[str, Any] = field(default_factory=dict)


# ---- making inputs -------------------------------------------------------------------


def fuzzed_bytes(
    rng: random.Random, seeds: list[bytes], corpus: Corpus, piece: Callable[[random.Random], bytes]
) -> bytes:
    """A seed, mutated byte-wise, grammar-wise or both."""
    data = rng.choice(seeds)
    how = rng.random()
    if how < 0.05:
        return piece(rng) * rng.randint(1, 3)
    if how >= 0.45:
        for _ in range(rng.randint(1, 3)):
            data = grammars.weave(rng, data, piece(rng))
    if how < 0.6:
        data = mutators.mutate(rng, data, corpus.everything())
    return data[: mutators.MAX_SIZE]


def _document(rng: random.Random, corpus: Corpus) -> bytes:
    data = fuzzed_bytes(rng, corpus.documents, corpus, grammars.markdown_piece)
    if rng.random() < 0.15:  # front matter is read only at the very start: put it there
        data = grammars.front_matter(rng).encode("utf-8") + data
    return data[: mutators.MAX_SIZE]


def make_case(target: str, rng: random.Random, corpus: Corpus) -> Case:
    """The input for ``target`` the random source draws."""
    fmt = rng.choice(FORMATS)
    cache = rng.random() < 0.2
    if target in ("document", "document-check"):
        return Case(target, _document(rng, corpus), format=fmt, cache=cache)
    if target in ("spec", "spec-check"):
        return Case(
            target,
            fuzzed_bytes(rng, corpus.specs, corpus, grammars.spec_piece),
            format=fmt,
            cache=cache,
        )
    if target == "config":
        data = fuzzed_bytes(rng, corpus.configs, corpus, grammars.toml_piece)
        name = b"pyproject.toml" if rng.random() < 0.3 else b"assay.toml"
        return Case(target, data, name=name, format=fmt, cache=cache)
    if target == "filename":
        data = rng.choice(corpus.documents) if rng.random() < 0.7 else _document(rng, corpus)
        return Case(
            target,
            data,
            name=workspace.odd_name(rng),
            format=fmt,
            cache=cache,
            extra={"placement": rng.randrange(1 << 30)},
        )
    if target == "run":
        member = rng.choice(workspace.RUN_FILES)
        if member == "run.toml":
            seeds = [workspace.run_file(member), *corpus.configs]
            data = fuzzed_bytes(rng, seeds, corpus, grammars.toml_piece)
        else:
            seeds = [workspace.run_file(member), *corpus.documents[:50]]
            data = fuzzed_bytes(rng, seeds, corpus, grammars.markdown_piece)
        return Case(target, data, name=member.encode(), format=fmt, cache=cache)
    if target in ("cli", "cli-subprocess"):
        argv = cli_args.argv_for(rng, FUZZED_DOCUMENT)
        config = (
            fuzzed_bytes(rng, corpus.configs, corpus, grammars.toml_piece)
            if rng.random() < 0.2
            else b""
        )
        return Case(target, _document(rng, corpus), argv=argv, extra={"config": config.hex()})
    raise ValueError(f"unknown target {target!r}")


# ---- running them --------------------------------------------------------------------


def _source(root: Path) -> Callable[[str], str | None]:
    """What ``assay check`` gives its formatters: a regular file's text, else None (a
    FIFO opened to read would wait for a writer forever)."""

    def source(path: str) -> str | None:
        try:
            handle = os.open(root / path, os.O_RDONLY | os.O_NONBLOCK)
            with os.fdopen(handle, "rb") as stream:
                if not stat.S_ISREG(os.fstat(handle).st_mode):
                    return None
                return stream.read().decode("utf-8", "replace")
        except OSError:
            return None

    return source


def check_and_render(root: Path, case: Case) -> None:
    """The full check of the workspace at ``root`` (as ``assay check`` runs it), rendered."""
    from assay import __version__
    from assay.cli.formats import FORMATTERS
    from assay.engine.runner.run import check
    from assay.engine.workspace.config import ConfigError, load_config

    try:
        config = load_config(root)
    except ConfigError:
        return
    result = check(config, cache=case.cache, jobs=1)
    for diagnostic in result.diagnostics:
        if diagnostic.code == "INT001":
            crashed = diagnostic.message.split(":", 1)[0]
            raise Problem(("INT001", crashed), diagnostic.message)
    FORMATTERS[case.format](result, version=__version__, source=_source(root), color=case.cache)


def run_document(case: Case, scratch: Path) -> None:
    from assay import parse_document

    parse_document(case.data, FUZZED_DOCUMENT)


def run_spec(case: Case, scratch: Path) -> None:
    from assay import parse_spec

    # Lone surrogates too: a str from a careless caller (surrogateescape) is still a str.
    parse_spec(case.data.decode("utf-8", "surrogateescape"), "fuzzed.assay")


def run_document_check(case: Case, scratch: Path) -> None:
    root = workspace.base_workspace(scratch)
    (root / FUZZED_DOCUMENT).write_bytes(case.data)
    check_and_render(root, case)


def run_spec_check(case: Case, scratch: Path) -> None:
    config = b'specs = ["assay/fuzzed.assay"]\n'
    root = workspace.base_workspace(scratch, config=config, spec=case.data)
    check_and_render(root, case)


def run_config(case: Case, scratch: Path) -> None:
    root = workspace.base_workspace(scratch, config=case.data, config_name=case.name.decode())
    check_and_render(root, case)


def run_filename(case: Case, scratch: Path) -> None:
    root = workspace.base_workspace(scratch)
    placement = random.Random(case.extra.get("placement", 0))
    case.extra["placed"] = workspace.place_document(placement, root, case.name, case.data)
    check_and_render(root, case)


def run_run(case: Case, scratch: Path) -> None:
    """The example analysis run with one file fuzzed: checked, verified, and rendered
    when it verifies (to the run folder and to another folder)."""
    import assay

    root = workspace.base_workspace(scratch)
    folder = workspace.place_run(root, case.name.decode(), case.data)
    check_and_render(root, case)
    verification = assay.verify_run(folder, cache=case.cache)
    if verification.verified:
        assay.render_review(verification)
        assay.render_review(verification, "docs/reviews/fuzzed.md")


def _cli_workspace(case: Case, scratch: Path) -> Path:
    root = workspace.base_workspace(scratch)
    (root / FUZZED_DOCUMENT).write_bytes(case.data)
    config = bytes.fromhex(case.extra.get("config", ""))
    if config:
        (root / "fuzzed.toml").write_bytes(config)
    return root


def _judge(code: object, stderr: str) -> None:
    """Exit 3, an exit code outside the contract, or a trace: a crash."""
    if code in (0, 1, 2) and "Traceback (most recent call last)" not in stderr:
        return
    # Keyed as the in-process crashes are, so that the same bug counts once.
    frames = _TRACE_FRAME.findall(stderr)
    inner = next((f for f in reversed(frames) if "/src/assay/" in f[0]), None)
    where = f"{inner[0].split('/src/')[-1]}:{inner[1]} in {inner[2]}" if inner else ""
    last = stderr.strip().splitlines()[-1] if stderr.strip() else f"exit {code}"
    raise Problem((last.split(":", 1)[0], where), f"exit {code}\n{stderr[-4000:]}")


def run_cli(case: Case, scratch: Path) -> None:
    from assay.cli import main

    root = _cli_workspace(case, scratch)
    out, err = io.StringIO(), io.StringIO()
    before = Path.cwd()
    os.chdir(root)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code: object = main(case.argv)
            except SystemExit as exit_:  # only argparse may exit, and main catches it
                code = exit_.code
    finally:
        os.chdir(before)
    _judge(code, err.getvalue())


def run_cli_subprocess(case: Case, scratch: Path) -> None:
    """The same command line through a real process: the process boundary, exit codes."""
    root = _cli_workspace(case, scratch)
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    completed = subprocess.run(
        [sys.executable, "-m", "assay", *case.argv],
        cwd=root,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        timeout=120,
        check=False,
    )
    _judge(completed.returncode, completed.stderr.decode("utf-8", "replace"))


RUNNERS: dict[str, Callable[[Case, Path], None]] = {
    "document": run_document,
    "document-check": run_document_check,
    "spec": run_spec,
    "spec-check": run_spec_check,
    "config": run_config,
    "filename": run_filename,
    "run": run_run,
    "cli": run_cli,
    "cli-subprocess": run_cli_subprocess,
}
