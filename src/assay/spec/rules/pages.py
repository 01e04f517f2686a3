"""The rule reference, generated from the rules: one page per code and an index.

``assay rules`` prints these, and the documentation site builds the same pages (a
MkDocs hook, ``docs/_hooks/rules.py``), so the reference cannot drift from the code.
"""

from __future__ import annotations

from collections.abc import Sequence

from assay.spec.rules.rule import Rule

_SCOPE = {
    "document": "each document on its own",
    "workspace": "the documents together",
    "run": "each analysis run's files together",
}
_FAMILIES = {
    "DOC": "Documents: titles, sections, record numbers",
    "FLD": "Fields: presence, allowed values, formats",
    "FRM": "Forms: sentences, lengths and the shapes of text",
    "IDN": "Identities: the source an analysis run names",
    "LNK": "Links and relations between records",
    "PTH": "Paths: links, special files, and the paths declarations pin",
    "PIN": "Pins: the digests and ranges of declared sources",
    "SUP": "Suppressions",
    "SPC": "Specs: problems in `.assay` files (they stop the run, exit 2)",
    "CTX": "Context: what `assay assemble` reports (not `assay check` findings)",
    "PRT": "Protocol traces: what `assay trace` reports about a session file and its protocol",
    "EVL": "Evaluation: what `assay eval summary` reports (not `assay check` findings)",
    "INT": "Internal",
}


#: Families whose codes are not checks: what they look at instead of a check's scope.
_NOT_CHECKS = {
    "SPC": "the spec files",
    "CTX": "the sources `assay assemble` bundles",
    "PRT": "a recorded agent session, line by line and event by event",
    "EVL": "the retained evaluation attempts",
}


#: What an error of each kind of rule does to a decision record on a published site.
_ON_SITE = {
    "excludes": "an error keeps the record off the published site",
    "noted": "shown as a note on the record's published page; the record stays",
}


#: What a finding of each kind of rule is in a decision record no spec declares.
_UNDECLARED = {
    "face": "reported as it is: wrong on its face",
    "convention": "judged against the record's folder ([DOC015](DOC015.md))",
    "hint": "a warning at most",
}


#: The families whose checks read decision records (the others read specs' sources).
_RECORD_FAMILIES = frozenset({"DOC", "FLD", "LNK", "SUP"})


def page_name(rule: Rule) -> str:
    """The page's file name under ``reference/rules/``."""
    return f"{rule.code}.md"


def rule_page(rule: Rule) -> str:
    """The Markdown reference page of one rule."""
    spec = rule.family in _NOT_CHECKS
    looks_at = _NOT_CHECKS.get(rule.family) or _SCOPE[rule.scope or "workspace"]
    header = f"*Default severity:* **{rule.severity}** · *Looks at:* {looks_at}"
    if not spec:
        # Only the codes `assay check` reports can stand in a record (DESIGN §6).
        header += f" · *Publishing:* {_ON_SITE[rule.publication]}"
    if rule.stage == "check" and rule.scope != "run" and rule.family in _RECORD_FAMILIES:
        # A record found by convention is told by `Rule.undeclared` (the checking guide).
        header += f" · *Without a spec:* {_UNDECLARED[rule.undeclared]}"
    lines = [
        f"# {rule.code} {rule.name}",
        "",
        header,
        "",
        rule.summary,
        "",
    ]
    body = rule.prose
    if body:
        lines += [body, ""]
    titles = {"Fails": "Reported", "Passes": "Not reported"}
    for section, files in rule.examples.items():
        lines += [f"## {titles[section]}", ""]
        for file in files:
            fence = "````" if "```" in file.text else "```"
            lines += [
                f"`{file.path}`",
                "",
                f"{fence}{file.language}",
                file.text.rstrip("\n"),
                fence,
                "",
            ]
            if file.reported_at is not None:
                line, column = file.reported_at
                lines += [f"Reported at line {line}, column {column}.", ""]
    if spec:
        # A spec problem is not a check: it cannot be ignored or given a severity, and
        # no document is checked until the spec is fixed. Nor is an assembly code.
        return "\n".join(lines)
    lines += [
        "## Configure",
        "",
        "```toml",
        "# assay.toml (or [tool.assay] in pyproject.toml)",
        f'ignore = ["{rule.code}"]            # never run it',
        "[severity]",
        f'{rule.code} = "warning"             # or error, info, off',
        "```",
        "",
    ]
    if rule.scope == "document" or rule.family in ("DOC", "FLD", "LNK"):
        lines += [
            "## Suppress",
            "",
            "```markdown",
            f"<!-- assay: disable-next-line {rule.code} -- why this is fine -->",
            "```",
            "",
        ]
    return "\n".join(lines)


def rules_index(rules: Sequence[Rule]) -> str:
    """The table of every rule, by family."""
    lines = [
        "# Rules",
        "",
        "Every code `assay check` reports, generated from the rules themselves. Select",
        "them by code (`LNK001`), family (`LNK`) or name (`broken-link`).",
        "",
    ]
    for family, title in _FAMILIES.items():
        members = [c for c in rules if c.family == family]
        if not members:
            continue
        lines += [
            f"## {title}",
            "",
            "| code | name | severity | summary |",
            "| --- | --- | --- | --- |",
        ]
        for rule in members:
            lines.append(
                f"| [{rule.code}]({page_name(rule)}) | {rule.name} | {rule.severity} "
                f"| {rule.summary} |"
            )
        lines.append("")
    return "\n".join(lines)


def publication_table(rules: Sequence[Rule], link_base: str = "../reference/rules/") -> str:
    """The publishing guide's table: by family, the codes whose error keeps a record
    off the site and those shown as a note on its page (``Rule.publication``)."""
    lines = [
        "| family | an error excludes the record | shown as a note on its page |",
        "| --- | --- | --- |",
    ]
    for family in _FAMILIES:
        members = [r for r in rules if r.family == family and family not in _NOT_CHECKS]
        if not members:
            continue
        cells = [
            ", ".join(
                f"[{r.code}]({link_base}{page_name(r)})" for r in members if r.publication == kind
            )
            or "none"
            for kind in ("excludes", "noted")
        ]
        lines.append(f"| {family} | {cells[0]} | {cells[1]} |")
    return "\n".join(lines) + "\n"
