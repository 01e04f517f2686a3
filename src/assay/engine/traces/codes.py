"""The protocol codes the trace checker reports, with their names and severities.

PRT010 to PRT019 and PRT030 to PRT049 are the checker's own; PRT020 (``turn-not-exact``)
and PRT021 (``window-too-large``) are shared with ``assay trace fetch``, which refuses
the same two things, and are registered with the session readers' codes.
"""

from __future__ import annotations

from collections.abc import Mapping

from assay.spec.diagnostics import Severity

#: Code -> (name, default severity) of every finding ``check_trace`` can report.
CODES: Mapping[str, tuple[str, Severity]] = {
    "PRT010": ("wrong-actor", "error"),
    "PRT011": ("end-without-state", "error"),
    "PRT012": ("automatic-call", "error"),
    "PRT013": ("tool-out-of-state", "error"),
    "PRT014": ("tool-withdrawn", "error"),
    "PRT015": ("automatic-fallback", "error"),
    "PRT016": ("unrequested-route-change", "error"),
    "PRT017": ("participant-tool-call", "error"),
    "PRT018": ("overlapping-participants", "error"),
    "PRT019": ("tools-changed", "error"),
    "PRT020": ("turn-not-exact", "error"),
    "PRT021": ("window-too-large", "error"),
    "PRT030": ("source-modified", "error"),
    "PRT031": ("follow-up-fetched-context", "error"),
    "PRT032": ("unverified-agreement", "warning"),
    "PRT033": ("state-not-ended", "warning"),
}

#: The codes this package registers as rules (``engine.checks.protocol_codes``).
OWN_CODES = tuple(c for c in CODES if c not in ("PRT020", "PRT021"))
