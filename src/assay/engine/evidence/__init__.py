"""Evaluation evidence (seed 002, second half): the store, prepare, run and summary."""
