"""Recorded agent sessions (seed ADR 0001): read them, fetch transcript windows, check
them against a declared tool protocol.

- ``reading``: a session file — Pi's JSON Lines sessions or assay's neutral trace
  format, told apart by the first line — streamed into ``assay.spec.trace.TraceEvent``
  values and located PRT001 to PRT009 diagnostics, one line at a time.
- ``fetch``: the smallest useful window of a Pi session around an exact turn id
  (PRT020, PRT021), read-only.
- ``protocols`` finds a protocol by name (built-in or user-declared); ``check`` runs a
  session's ``TraceEvent`` stream through it (PRT010 and on), knowing no file format.

Every session file is opened through ``reading.opening.open_session`` (over
``assay.engine.files.opening.open_contained``): never for writing, never through a
symbolic link, never outside the workspace unless the user named it.
"""
