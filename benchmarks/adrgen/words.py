"""Phrase banks shared by all topics: people, teams, components and connective sentences.

Everything in the plain banks is ASCII so that a file is non-ASCII only when the planner
says so; ``UNICODE_*`` banks hold the non-ASCII material those files draw from.
"""

from __future__ import annotations

COMPONENTS = (
    "the order service",
    "the billing API",
    "checkout",
    "the ledger",
    "the notification worker",
    "the identity service",
    "the search indexer",
    "the reporting jobs",
    "the mobile backend",
    "the partner API",
    "the inventory service",
    "the data platform",
    "the admin console",
    "the payments gateway",
    "the shipping service",
    "the customer portal",
    "the pricing engine",
    "the catalog service",
)

TEAMS = (
    "Platform",
    "Payments",
    "Identity",
    "Data",
    "Web",
    "Mobile",
    "SRE",
    "Developer Experience",
    "Security",
    "Search",
    "Fulfilment",
    "Growth",
)

PEOPLE = (
    "Ana Lima",
    "Bo Chen",
    "Priya Raman",
    "Tom Becker",
    "Sara Okafor",
    "Mateo Rossi",
    "Hana Sato",
    "Liam O'Brien",
    "Nadia Haddad",
    "Jonas Berg",
    "Emily Carter",
    "Ravi Iyer",
    "Grace Kim",
    "Oliver Smith",
    "Fatima Zahra",
    "Lucas Martin",
    "Ines Costa",
    "Daniel Park",
    "Maya Levi",
    "Kofi Mensah",
    "Julia Novak",
    "Ethan Wright",
    "Aisha Bello",
    "Noah Fischer",
)

UNICODE_PEOPLE = (
    "José Álvarez",
    "Zoë Martin",
    "Łukasz Nowak",
    "Søren Madsen",
    "Chloé Dubois",
    "Jürgen Weiß",
    "Ana Conceição",
    "Дмитрий Соколов",
    "李娜",
    "佐藤 花子",
    "Νίκος Παπαδόπουλος",
    "Çağla Yılmaz",  # noqa: RUF001 - non-ASCII is the point here
    "François Lefèvre",
    "Nguyễn Văn An",
    "Mónica Peña",
)

#: Whole sentences in other languages or scripts, as teams paste them into records.
UNICODE_SENTENCES = (
    "注: この決定はチーム全体でレビュー済みです。",
    "备注：该决定已在架构评审会议上通过。",  # noqa: RUF001
    "Примечание: решение согласовано с командой эксплуатации.",  # noqa: RUF001
    "Remarque : la décision a été validée en comité d’architecture.",  # noqa: RUF001
    "Hinweis: Die Entscheidung gilt zunächst nur für Neuentwicklungen.",
    "Nota: la migración se hará en dos fases, sin tiempo de inactividad.",
    "참고: 이 결정은 다음 분기에 다시 검토합니다.",
)

#: Marks added to list items and sentences in non-ASCII files.
UNICODE_MARKS = ("✅", "❌", "⚠️", "🚀", "👍", "🔒", "→", "≈", "≤ ", "µs", "±", "…")

QUARTERS = ("Q1", "Q2", "Q3", "Q4")

TICKET_PREFIXES = ("PLAT", "ARCH", "PAY", "OPS", "SEC", "DATA")

#: Sentences that fit any topic; slots as in ``topics``.
CONTEXT_GENERIC = (
    "The {team} team owns {component} and carries the pager for it.",
    "Traffic on {component} grew by {pct} % over the last twelve months.",
    "We discussed this in the architecture review and again in the {team} guild.",
    "This decision only covers {component}; other services may follow later.",
    "The current approach was chosen when {component} had a single consumer.",
    "Nobody who built the current setup is still on the team.",
    "Two incidents last quarter were traced back to this gap.",
    "The problem is not urgent, but it gets more expensive every month we wait.",
    "Several teams have asked for guidance, and each has started its own workaround.",
    "We want one answer that new services can follow without another meeting.",
    "The {team} team raised this in the last quarterly planning.",
    "Customers have not noticed yet, but support tickets about {thing} are rising.",
    "Our contract with the current provider ends in {quarter}.",
    "The budget for this work was approved in the {team} roadmap.",
    "A spike in {quarter} showed that the change is feasible within one quarter.",
    "Security asked for a decision before the next external audit.",
)

DECISION_GENERIC = (
    "New code must follow this decision; existing code migrates when it is touched anyway.",
    "The {team} team owns the rollout and will report progress in the weekly sync.",
    "We will revisit this decision in {quarter} or when the assumptions above change.",
    "The migration happens service by service, starting with {component}.",
    "Exceptions need a short written note in the pull request and a reviewer from {team}.",
    "We accept the extra cost for now and will measure it after three months.",
    "This is a two-way door: if it does not work out we can go back with limited effort.",
    "The service template will be updated so that new services start with this setup.",
    "Teams that cannot migrate this year list their reasons in the service catalog.",
    "Runbooks for {component} are updated in the same pull requests as the code.",
    "We do not build an abstraction layer on top; we use the tool directly.",
    "The old setup stays read-only for one quarter after the switch.",
    "Success means fewer pages for the {team} on-call rotation within two months.",
    "Any change to this decision needs a new record that supersedes this one.",
)

HISTORY = (
    "{Component} has used {alt} since {year}.",
    "The first version of {component} was built on {alt} by a team of {few} engineers.",
    "In {year} we evaluated {choice} for the first time, but it did not meet our needs then.",
    "Over time, each team added its own workarounds on top of {alt}.",
    "The setup was meant to be temporary when it was introduced in {year}.",
)

FACTS = (
    "{n} services depend on {alt} today",
    "{pct} % of the incidents in {component} last year involved {thing}",
    "the {team} on-call rotation gets about {n} pages a week",
    "{few} engineers have production experience with {choice}",
    "the current setup costs about ${n}k a month",
    "{component} handles {n} thousand requests per minute at peak",
)

SCOPE = (
    "This decision applies to {thing} in {component}.",
    "Other services are free to follow, but they are not required to.",
    "Data that is already archived is out of scope.",
    "Test and staging environments follow the same rules as production.",
    "Mobile clients are not affected until their next major release.",
)

RISKS = (
    (
        "The migration takes longer than planned",
        "Time-box each phase and review progress every two weeks",
    ),
    ("Nobody feels responsible for the new setup", "The {team} team is the named owner"),
    ("Costs grow faster than traffic", "Set a budget alert at 120 % of the estimate"),
    ("The team lacks experience with {choice}", "Pair with the {team} team during the pilot"),
    ("Data is lost during the switch", "Keep the old system read-only until the numbers match"),
    ("Vendor lock-in", "Keep integration code behind one internal interface"),
)

PHASES = ("Pilot", "Early adopters", "General availability", "Decommission")

GOOD_GENERIC = (
    "One documented way of doing this instead of several.",
    "On-call engineers have fewer moving parts to understand.",
    "New services get this for free from the service template.",
    "Reviews get shorter because the common cases are settled.",
    "We can measure the effect with the existing dashboards.",
)

BAD_GENERIC = (
    "Some short-term slowdown while teams learn the new tooling.",
    "Existing services need migration work that competes with feature work.",
    "We depend on one more external vendor or project.",
    "Documentation and runbooks have to be rewritten.",
    "The old and new approach will coexist for a while.",
)

NEUTRAL_GENERIC = (
    "The decision does not change the public interface of {component}.",
    "Cost stays roughly the same at current volume.",
    "Local development works as before.",
)

FOLLOW_UPS = (
    "Update the service template.",
    "Write a runbook for the on-call rotation.",
    "Announce the change in the engineering newsletter.",
    "Add a check to the pull request pipeline.",
    "Schedule a review of this decision in six months.",
    "Remove the old configuration once nothing reads it.",
)

QUOTES = (
    "Make it work, make it right, make it fast.",
    "Every system should be designed so that it can be operated at 3 a.m. by a tired engineer.",
    "If it hurts, do it more often.",
    "Prefer boring technology unless there is a strong reason not to.",
)

COMMENT_NOTES = (
    "TODO: add the load-test numbers once the run is finished",
    "This is an optional element. Feel free to remove.",
    "markdownlint-disable-next-line MD013",
    "keep this list in sync with the service catalog",
    "reviewers: please check the cost estimate",
)

DIRECTIVE_REASONS = (
    "target record is written in the follow-up PR",
    "file moved during the repository split",
    "kept for history; the page no longer exists",
    "renamed upstream, tracked in PLAT-2231",
)
