"""Recorded agent sessions checked against a declared tool protocol (seed ADR 0001).

``protocols`` finds a protocol by name (built-in or user-declared), ``check`` runs a
session's ``TraceEvent`` stream through it; the readers that turn session files into
events live beside them.
"""
