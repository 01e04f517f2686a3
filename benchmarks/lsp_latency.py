"""``assay lsp`` on a 10,000-record workspace: how soon an edit's diagnostics arrive.

    .venv/bin/python benchmarks/lsp_latency.py [--count 10000] [--edits 30]

Starts a real ``assay lsp`` (pygls's client over stdio, as an editor speaks to it) in
a workspace of ``--count`` generated records (``check_throughput.py``'s) with a fresh
cache folder; opens one record and waits for its first diagnostics (the first check
reads the whole workspace); then makes ``--edits`` edits, one at a time, each a
whole new text (a line appended, every other one with a status typo, so the findings
change), and times each from the ``didChange`` sent to its diagnostics received.

The peer, in the same run and workspace: the warm pre-commit run of the same record
(``assay check ONE.md`` in a new process after a full check), five times. Printed:
the first check, each edit's median, minimum and maximum in milliseconds, the peer's
median, and the ratio of the two medians.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from benchmarks.check_throughput import make_workspace, single_file  # noqa: E402
from benchmarks.corpus import DEFAULT_SEED  # noqa: E402
from benchmarks.parse_throughput import ensure_corpus  # noqa: E402


async def edits(workspace: Path, record: Path, count: int) -> tuple[float, list[float]]:
    from lsprotocol import types
    from pygls.lsp.client import LanguageClient
    from pygls.uris import from_fs_path

    client = LanguageClient("benchmark", "1")
    arrived: dict[int, float] = {}
    event = asyncio.Event()

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def published(params: types.PublishDiagnosticsParams) -> None:
        arrived[params.version or 0] = time.perf_counter()
        event.set()

    async def until(version: int) -> float:
        while version not in arrived:
            event.clear()
            await asyncio.wait_for(event.wait(), 600)
        return arrived[version]

    await client.start_io(sys.executable, "-m", "assay", "lsp", cwd=str(workspace))
    root = from_fs_path(str(workspace))
    await client.initialize_async(
        types.InitializeParams(
            process_id=None, root_uri=root, capabilities=types.ClientCapabilities()
        )
    )
    uri = from_fs_path(str(record)) or ""
    text = record.read_text("utf-8")
    start = time.perf_counter()
    client.initialized(types.InitializedParams())
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=uri, language_id="markdown", version=1, text=text
            )
        )
    )
    first = await until(1) - start
    times = []
    for n in range(2, count + 2):
        body = text + "\n" * n + ("Status: Acceptd\n" if n % 2 else "")
        sent = time.perf_counter()
        client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=n),
                content_changes=[types.TextDocumentContentChangeWholeDocument(text=body)],
            )
        )
        times.append(await until(n) - sent)
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    return first, times


def peer(workspace: Path, record: Path, env: dict[str, str], runs: int = 5) -> list[float]:
    """The warm pre-commit run of ``record``, a blank line appended before each."""
    assay = [sys.executable, "-m", "assay", "check"]
    subprocess.run([*assay], cwd=workspace, env=env, capture_output=True, check=False)
    times = []
    for _ in range(runs):
        with record.open("a", encoding="utf-8") as handle:
            handle.write("\n")
        start = time.perf_counter()
        subprocess.run(
            [*assay, str(record)], cwd=workspace, env=env, capture_output=True, check=False
        )
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--edits", type=int, default=30)
    options = parser.parse_args()
    corpus, _how = ensure_corpus(options.count, DEFAULT_SEED)
    with tempfile.TemporaryDirectory(prefix="assay-lsp-") as scratch:
        workspace = Path(scratch) / "workspace"
        make_workspace(corpus, workspace)
        record = single_file(workspace)
        os.environ["XDG_CACHE_HOME"] = str(Path(scratch) / "cache")
        os.environ.pop("ASSAY_NO_CACHE", None)
        first, times = asyncio.run(edits(workspace, record, options.edits))
        cli = peer(workspace, record, dict(os.environ))
    ms = [t * 1000 for t in times]
    print(f"workspace: {options.count} records; record: {record.relative_to(workspace)}")
    print(f"first check (open to first diagnostics): {first:.2f} s")
    print(
        f"edit -> diagnostics: median {statistics.median(ms):.0f} ms "
        f"[{min(ms):.0f}..{max(ms):.0f}] over {len(ms)} edits"
    )
    cli_ms = statistics.median(cli) * 1000
    print(f"peer, warm `assay check ONE.md`: median {cli_ms:.0f} ms")
    print(f"ratio edit / peer: {statistics.median(ms) / cli_ms:.2f}")


if __name__ == "__main__":
    main()
