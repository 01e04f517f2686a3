"""MkDocs hook: the rule reference pages, generated from the rule registry at build time.

The same text as `assay rules` and `assay rules CODE`, so the site cannot drift from
the code: there is nothing to regenerate and commit.
"""

from __future__ import annotations

from typing import Any

from mkdocs.structure.files import File, Files

from assay.api.rules import RULES
from assay.spec.rules.pages import page_name, rule_page, rules_index


def on_files(files: Files, config: Any) -> Files:
    """Add `reference/rules/index.md` and one page per rule."""
    files.append(File.generated(config, "reference/rules/index.md", content=rules_index(RULES)))
    for rule in RULES:
        path = f"reference/rules/{page_name(rule)}"
        files.append(File.generated(config, path, content=rule_page(rule)))
    return files
