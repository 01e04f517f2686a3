"""``python -m assay``."""

from assay.cli import main

raise SystemExit(main())
