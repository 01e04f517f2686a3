"""What a rule is: one code assay can report, with everything said about it.

A ``Rule`` is the one place a code's name, default severity, summary and reference
page live, whichever stage reports it: a check (``engine.checks``), the runner itself
(suppressions, a crashing check), the spec reader, assembly, the session reader, the
protocol checker, an evaluation stage or a summary.  Every diagnostic is made by its
rule (``Rule.diagnostic``), so a code without a rule cannot be reported, and the rule
reference, ``assay rules`` and SARIF's rule metadata read the same values.

A check's rule is written in the check's module, beside its logic; the rules the
other stages report are written in a module per family beside this one, each listing
its own (``RULES``); ``assay.engine.checks.registry`` lists both in the one table.
"""

from __future__ import annotations

from typing import Literal

from attrs import Factory, field, frozen

from assay.spec.diagnostics import CODE_PATTERN, NAME_PATTERN, Diagnostic, Fix, Related, Severity
from assay.spec.model import Model
from assay.spec.rules.examples import ExampleFile, examples, prose
from assay.spec.source import Span

#: Who reports a rule, which is also what its examples run through in the test suite:
#: ``check`` a registered check, ``runner`` the runner about the run itself (SUP001,
#: SUP002, INT001), ``spec`` the spec reader, ``assembly`` ``assay assemble``,
#: ``session`` the session reader and ``assay trace fetch``, ``trace`` the protocol
#: checker, ``evaluation`` the ``assay eval`` stages, ``summary`` ``assay eval summary``.
Stage = Literal["check", "runner", "spec", "assembly", "session", "trace", "evaluation", "summary"]
#: What a check looks at (``engine.checks.base``): one document, all of them, or one
#: analysis run's files together.
Scope = Literal["document", "workspace", "run"]
#: What an error of a rule does to the decision record it is reported in when the site
#: is published: ``excludes`` keeps the record off the site (its own text cannot be
#: trusted: unreadable, broken front matter, placeholders, a missing section, a link
#: that escapes); ``noted`` publishes the record with the finding shown on its page as
#: a visible note (relations and status consistency between records: what *another*
#: record says must not take a record's history off the site). A noted rule's
#: warnings and infos are shown too; an excluding rule's are not.
OnSite = Literal["excludes", "noted"]
#: What a finding of a rule says of a decision record no spec declares (one found by
#: convention and read as the built-in ``adr`` or ``madr``), where nobody told assay
#: what the team expects: ``face``, what is wrong on its face (unreadable text, a broken
#: link, an impossible date, the template left in), keeps its severity; ``convention``,
#: an expectation of the record's shape (a section, the date form, one title), is
#: judged against the record's folder: a warning naming how many records keep the
#: convention where most do, nothing where most do not; ``hint``, any other
#: expectation (the status vocabulary, two places that disagree), is a warning at
#: most. A declared spec makes every rule keep its severity.
Undeclared = Literal["face", "convention", "hint"]

#: Each family's default, so a new family must decide (a rule of a family missing here
#: cannot be made). Every family defaults to ``excludes``, the safe side: a rule is
#: ``noted`` only when its author says so (the checks of relations and consistency
#: between records), and ``tests/engine/test_rule_registry.py`` holds the list, so no
#: rule moves silently.
FAMILY_ON_SITE: dict[str, OnSite] = {
    family: "excludes"
    for family in (
        "CTX", "DOC", "EVL", "FLD", "FRM", "IDN", "INT", "LNK",
        "PIN", "PRT", "PTH", "SPC", "SUP",
    )
}  # fmt: skip

#: Where a finding about a whole file, the store or the command line points.
START = Span.point(0, 1, 1)


def _valid_code(_instance: object, _attribute: object, value: str) -> None:
    if not CODE_PATTERN.match(value):
        raise ValueError(f"a rule's code looks like ABC123 (got {value!r})")


def _valid_name(_instance: object, _attribute: object, value: str) -> None:
    if not NAME_PATTERN.match(value):
        raise ValueError(f"a rule's name is kebab-case (got {value!r})")


def _family_default(rule: Rule) -> OnSite:
    try:
        return FAMILY_ON_SITE[rule.code[:3]]
    except KeyError:
        raise ValueError(f"family {rule.code[:3]} has no default in FAMILY_ON_SITE") from None


def _trimmed(text: str) -> str:
    # A literal's text starts and ends on lines of its own: the page has neither newline.
    return text.strip("\n")


@frozen(kw_only=True)
class Rule(Model):
    """One code: its identity, who reports it, and its reference page."""

    code: str = field(validator=_valid_code)
    name: str = field(validator=_valid_name)
    stage: Stage
    #: The first line of the page, and the index's and SARIF's short description.
    summary: str
    #: The rest of the page (Markdown): prose, then ``## Fails`` and ``## Passes``
    #: examples as ``assay.spec.rules.examples`` reads them.
    documentation: str = field(default="", converter=_trimmed)
    severity: Severity = "error"
    #: For the rules of checks and the runner: what they look at (the page says it).
    scope: Scope | None = None
    #: What an error of this rule does to a record on the published site (``OnSite``);
    #: by default its family's (``FAMILY_ON_SITE``).
    publication: OnSite = field(default=Factory(_family_default, takes_self=True))
    #: What a finding of this rule says of a record no spec declares (``Undeclared``).
    undeclared: Undeclared = "hint"

    @property
    def family(self) -> str:
        """The code's three letters, e.g. ``DOC``."""
        return self.code[:3]

    @property
    def text(self) -> str:
        """The whole page source: the summary line, then the documentation (SARIF's
        help text)."""
        return f"{self.summary}\n\n{self.documentation}" if self.documentation else self.summary

    @property
    def prose(self) -> str:
        """The documentation without its examples."""
        return prose(self.documentation)

    @property
    def examples(self) -> dict[str, tuple[ExampleFile, ...]]:
        """``{"Fails": files, "Passes": files}``: the examples the test suite runs."""
        return examples(self.documentation)

    def diagnostic(
        self,
        message: str,
        path: str,
        span: Span = START,
        *,
        severity: Severity | None = None,
        related: tuple[Related, ...] = (),
        fix: Fix | None = None,
        subject: str | None = None,
    ) -> Diagnostic:
        """A diagnostic of this rule at ``span`` of ``path`` (at the rule's default
        severity unless the configuration gave another), with its ``fix`` and its
        ``subject`` if any."""
        return Diagnostic(
            code=self.code,
            name=self.name,
            severity=severity or self.severity,
            message=message,
            path=path,
            span=span,
            related=related,
            fix=fix,
            subject=subject,
        )
