"""Evaluation evidence (seed 002, second half): the evaluation objects a workspace
declares (``catalog``), the SQLite store that keeps every attempt (``store``), and the
stages ``prepare``, ``run`` and ``merge``. The summary is its own subpackage."""
