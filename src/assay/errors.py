"""Exceptions, for "cannot continue" only; everything else is a diagnostic value."""

from __future__ import annotations


class AssayError(Exception):
    """Base of every exception assay raises on purpose."""


class UsageError(AssayError):
    """The command line asks for something that cannot be done (exit code 2)."""


class InputError(AssayError):
    """An input file cannot be read at all (exit code 2)."""
