"""``assay rules``: every rule assay has, and one looked up by its code or name.

The table is the engine's (``assay.engine.checks.registry``); the command line, the
language and MCP servers and the documentation site read it here, as they read
everything else of the engine.
"""

from __future__ import annotations

from assay.engine.checks.registry import RULES, find, rule

__all__ = ["RULES", "find", "rule"]
