"""Session files into trace events: ``read_session`` streams a Pi session or a neutral
trace, one line at a time, as ``TraceEvent`` values mixed with the diagnostics of the
lines that could not be read (PRT001 to PRT009).

The stages, in the order a line goes through them: ``stream`` (bytes into numbered
lines, a bounded length), ``decode`` (UTF-8 and JSON into an object, or a diagnostic),
``sniff`` (which format the first entry is), then ``pi`` or ``neutral`` (an entry into
events). ``session`` joins them.
"""

from __future__ import annotations

from assay.engine.traces.reading.opening import SessionRefused
from assay.engine.traces.reading.session import read_session, split_session

__all__ = ["SessionRefused", "read_session", "split_session"]
