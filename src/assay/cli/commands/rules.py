"""``assay rules [CODE]``: the rule reference, from the rule registry."""

from __future__ import annotations

import argparse

from assay.cli.exit_codes import EXIT_ERROR, EXIT_OK
from assay.cli.output import complain, write


def run(options: argparse.Namespace) -> int:
    """Print the index, or one rule's page (by code or name)."""
    from assay.api.rules import RULES, find
    from assay.spec.rules.pages import rule_page, rules_index

    if options.code is None:
        write(rules_index(RULES))
        return EXIT_OK
    found = find(options.code)
    if found is None:
        complain(f"assay rules: no rule `{options.code}`; `assay rules` lists them")
        return EXIT_ERROR
    write(rule_page(found))
    return EXIT_OK
