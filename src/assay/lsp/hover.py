"""What hovering shows: the rule behind a finding, or behind a code in the text."""

from __future__ import annotations

from collections.abc import Iterable

from assay.api.rules import find
from assay.spec.diagnostics import CODE_PATTERN, Diagnostic


def rule_text(code: str, rules_url: str) -> str | None:
    """A rule's code, name, default severity and summary, with its page; None for a
    word that is no rule's code."""
    if not CODE_PATTERN.match(code):
        return None
    rule = find(code)
    if rule is None:
        return None
    return (
        f"**{rule.code}** `{rule.name}` ({rule.severity})\n\n{rule.summary}\n\n"
        f"[The rule's page]({rules_url}{rule.code}/)"
    )


def findings_text(found: Iterable[Diagnostic], rules_url: str) -> str | None:
    """The rules of the findings under the cursor, each once; None for none."""
    texts, seen = [], set()
    for d in found:
        if d.code not in seen:
            seen.add(d.code)
            text = rule_text(d.code, rules_url)
            if text is not None:
                texts.append(text)
    return "\n\n---\n\n".join(texts) or None
