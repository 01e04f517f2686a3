"""The two passes a check makes over a workspace's files, and what they stand on.

The run pass (``run_pass``) reads each analysis run's members once (``run_members``),
in worker processes for many runs (``run_workers``), and runs the run checks over
them. The per-document pass (``document_pass``) reads and checks every other document
on its own (``document_checks``), parallel and cached (``document_entry``: what the
store keeps of a document). Both stand on the rules a check selects (``rulesets``),
the worker processes (``workers``), the guard that makes a raising check ``INT001``
(``findings``) and which of a document's lines are blank (``lines``).

The check pipeline (``engine.runner``) runs them; nothing here imports it.
"""
