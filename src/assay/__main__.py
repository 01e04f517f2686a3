"""``python -m assay``."""

from assay.cli import entry

raise SystemExit(entry())
