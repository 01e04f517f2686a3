"""Analysis runs (ADR 097): a folder holding ``run.toml`` and the reports of its jobs.

``identity`` normalizes the source identity once, and derives the run's slug from it;
the layout (which file is which member) is discovery's (``engine.workspace.run_folders``).
``parts`` is what verifying a run takes from the check that read it (the run pass,
``engine.passes.run_pass``).
"""
