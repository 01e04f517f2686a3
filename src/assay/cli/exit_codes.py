"""The exit codes of the command line (DESIGN: 0 clean, 1 findings, 2 error, 3 bug).

A module of their own so that the commands, which ``assay.cli`` imports, need not
import ``assay.cli`` back.
"""

from __future__ import annotations

EXIT_OK = 0  #: nothing at or above --fail-on
EXIT_FINDINGS = 1  #: diagnostics at or above --fail-on
EXIT_ERROR = 2  #: usage, config or spec error, unreadable input
EXIT_INTERNAL = 3  #: a bug in assay
