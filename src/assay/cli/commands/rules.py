"""``assay rules [CODE]``: the rule reference, from the checks themselves."""

from __future__ import annotations

import argparse

from assay.cli.exit_codes import EXIT_ERROR, EXIT_OK
from assay.cli.output import complain, write


def run(options: argparse.Namespace) -> int:
    """Print the index, or one rule's page (by code or name)."""
    from assay.engine.checks import RULES, check_by_code
    from assay.engine.checks.reference import rule_page, rules_index

    if options.code is None:
        write(rules_index(RULES))
        return EXIT_OK
    check = check_by_code(options.code) or check_by_code(options.code.upper())
    if check is None:
        complain(f"assay rules: no rule `{options.code}`; `assay rules` lists them")
        return EXIT_ERROR
    write(rule_page(check))
    return EXIT_OK
