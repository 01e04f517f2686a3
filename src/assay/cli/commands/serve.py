"""``assay serve [--port N] [--theme NAME] [--config FILE]``: preview the site locally.

Publishes once, prints the URL, then republishes whenever a file of the workspace
changes, printing what each publication did; a failed one prints its error and the
last good site stays served. Ctrl-C stops: exit 0, the temporary folder removed. Exit 2
when the first publication fails (nothing to serve) or the port cannot be taken.
"""

from __future__ import annotations

import argparse
import signal
from pathlib import Path
from typing import TYPE_CHECKING, Any

from assay.cli.commands.publish import outcome_lines
from assay.cli.exit_codes import EXIT_ERROR, EXIT_OK
from assay.cli.output import complain, write

if TYPE_CHECKING:
    from assay.site.publish import Published


def run(options: argparse.Namespace) -> int:
    """Publish, serve, watch; stop cleanly on Ctrl-C."""
    from assay.api.workspace import load_config
    from assay.errors import AssayError
    from assay.site.serve import Preview

    def told(outcome: Published | AssayError) -> None:
        if isinstance(outcome, AssayError):
            complain(f"assay serve: {outcome}")
            complain("assay serve: still serving the last good site")
        else:
            write("\n".join([*_excluded(outcome), "site republished"]) + "\n")

    start, explicit = Path.cwd(), Path(options.config) if options.config else None
    try:
        preview = Preview(
            lambda: load_config(start, explicit),
            port=options.port,
            theme=options.theme,
            cache=not options.no_cache,
        )
    except AssayError as error:
        complain(f"assay serve: {error}")
        return EXIT_ERROR
    saved = _stop_on_signals()
    try:
        url = preview.listen()
        done = preview.publish()
        write("\n".join([*outcome_lines(done), f"serving {url} (Ctrl-C stops)"]) + "\n")
        preview.serve()
        preview.watch(told)
    except AssayError as error:
        complain(f"assay serve: {error}")
        return EXIT_ERROR
    except KeyboardInterrupt:
        write("stopped\n")
    finally:
        # A second Ctrl-C must not cut the clean-up short and leave the folder behind.
        for number in saved:
            signal.signal(number, signal.SIG_IGN)
        preview.close()
        for number, handler in saved.items():
            signal.signal(number, handler)
    return EXIT_OK


def _stop_on_signals() -> dict[int, Any]:
    """Ctrl-C and ``kill`` (SIGTERM) both stop the preview cleanly; the handlers they
    replace, to put back. SIGINT is set even when inherited as ignored (a shell starts
    background jobs so): the output says Ctrl-C stops."""

    def stop(number: int, frame: object) -> None:
        raise KeyboardInterrupt

    saved: dict[int, Any] = {n: signal.getsignal(n) for n in (signal.SIGINT, signal.SIGTERM)}
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, stop)
    return saved


def _excluded(done: Published) -> list[str]:
    """A republication's exclusions and how many pages it published (each page was
    listed at the start)."""
    lines = outcome_lines(done)
    return [line for line in lines if line.startswith("excluded ")] + [
        f"{sum(1 for line in lines if line.startswith('published '))} published"
    ]
