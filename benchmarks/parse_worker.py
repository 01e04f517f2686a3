"""One measured parse run in a fresh process; ``parse_throughput.py`` starts it.

    python benchmarks/parse_worker.py {assay|markdown-it} CORPUS_DIR [--trace]

Reads every ``*.md`` under CORPUS_DIR as bytes (timed separately), makes one warm-up
call (grammar or parser construction, timed separately), then parses every file once
and prints one JSON object on stdout. Results are dropped as the loop goes, the way a
checker that streams over a repository would use the parser.

With ``--trace`` the loop runs under ``tracemalloc`` and only the memory figures are
meaningful (tracing slows Python down several times). Without it, ``ru_maxrss`` is the
peak resident size of this process, which includes the corpus held in memory.

This file imports only the standard library and the tool under test, so the memory
figures are the tool's and not the benchmark harness's.
"""

from __future__ import annotations

import json
import resource
import sys
import time
import tracemalloc
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

Summary = dict[str, Any]


def read_corpus(root: Path) -> tuple[list[str], list[bytes], float]:
    """Relative paths and bytes of every ``*.md`` file, and the seconds it took."""
    start = time.perf_counter()
    paths = sorted(root.rglob("*.md"))
    blobs = [path.read_bytes() for path in paths]
    elapsed = time.perf_counter() - start
    return [path.relative_to(root).as_posix() for path in paths], blobs, elapsed


def assay_runner(names: list[str], blobs: list[bytes]) -> tuple[Callable[[], Summary], Summary]:
    """A loop over ``assay.parse_document``; raises if assay cannot parse at all."""
    start = time.perf_counter()
    import assay
    from assay import parse_document

    info: Summary = {
        "import_s": time.perf_counter() - start,
        "version": getattr(assay, "__version__", None),
        "module": getattr(assay, "__file__", None),
    }
    start = time.perf_counter()
    parse_document(blobs[0], names[0])  # ImportError / NotImplementedError surface here
    info["first_call_s"] = time.perf_counter() - start

    def loop() -> Summary:
        values = diagnostics = failures = 0
        first_failure = None
        for data, name in zip(blobs, names, strict=True):
            try:
                parsed = parse_document(data, name)
            except Exception as exc:  # the reader must never raise; count, do not stop
                failures += 1
                first_failure = first_failure or f"{name}: {type(exc).__name__}: {exc}"
                continue
            values += parsed.value is not None
            diagnostics += len(parsed.diagnostics)
        return {
            "with_value": values,
            "diagnostics": diagnostics,
            "raised": failures,
            "first_raise": first_failure,
        }

    return loop, info


def markdown_it_runner(texts: list[str]) -> tuple[Callable[[], Summary], Summary]:
    """A loop over ``MarkdownIt("commonmark").parse`` (tokens only, no rendering)."""
    start = time.perf_counter()
    import markdown_it
    from markdown_it import MarkdownIt

    info: Summary = {"import_s": time.perf_counter() - start, "version": markdown_it.__version__}
    start = time.perf_counter()
    md = MarkdownIt("commonmark")
    md.parse(texts[0])
    info["first_call_s"] = time.perf_counter() - start

    def loop() -> Summary:
        tokens = 0
        for text in texts:
            tokens += len(md.parse(text))
        return {"tokens": tokens}

    return loop, info


def measure(tool: str, root: Path, trace: bool) -> Summary:
    """Read, warm up, run the loop once; everything the parent needs, as a dict."""
    names, blobs, read_s = read_corpus(root)
    result: Summary = {
        "tool": tool,
        "files": len(names),
        "bytes": sum(map(len, blobs)),
        "read_s": read_s,
        "trace": trace,
    }
    if not names:
        return {**result, "available": False, "error": f"no *.md files under {root}"}
    if tool == "markdown-it":
        start = time.perf_counter()
        # BOMs are dropped as any reader would; CRLF is left for the parser.
        texts = [blob.decode("utf-8-sig") for blob in blobs]
        result["decode_s"] = time.perf_counter() - start
        del blobs  # hold only what this tool parses, as the assay worker holds only bytes
        start_loop = partial(markdown_it_runner, texts)
    else:
        start_loop = partial(assay_runner, names, blobs)
    if trace:
        tracemalloc.start()
    try:
        loop, info = start_loop()
    except (ImportError, NotImplementedError) as exc:
        return {**result, "available": False, "error": f"{type(exc).__name__}: {exc}"}
    result.update(info, available=True)
    if trace:
        result["first_call_traced_peak"] = tracemalloc.get_traced_memory()[1]
        tracemalloc.reset_peak()
        baseline = tracemalloc.get_traced_memory()[0]
    start = time.perf_counter()
    result["summary"] = loop()
    result["parse_s"] = time.perf_counter() - start
    if trace:
        result["loop_traced_peak"] = tracemalloc.get_traced_memory()[1] - baseline
        tracemalloc.stop()
    # Linux reports ru_maxrss in KiB.
    result["maxrss_kib"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return result


def main(argv: list[str]) -> int:
    """Command line: TOOL CORPUS_DIR [--trace]."""
    if len(argv) not in (2, 3) or argv[0] not in ("assay", "markdown-it"):
        print(__doc__, file=sys.stderr)
        return 2
    trace = argv[2:] == ["--trace"]
    json.dump(measure(argv[0], Path(argv[1]), trace), sys.stdout)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
