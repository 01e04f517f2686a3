"""The spending of one run with a ``paid`` runner: whether it may start at all (a
policy with a cap, recorded before execution, and ``--authorize-spending``), and
whether the next attempt may start (the credit spent since the last continuation is
below the cap). A runner that is not paid passes both, always."""

from __future__ import annotations

from collections.abc import Iterable

from assay.engine.evidence.costs import cost, spent
from assay.engine.evidence.plan import Plan
from assay.engine.evidence.prepare import now
from assay.engine.evidence.records import Store
from assay.spec.diagnostics import Diagnostic
from assay.spec.evidence import Counter
from assay.spec.rules.evaluation_stages import EVL007, EVL008


class Spending:
    """What a run has spent, against its policy's cap."""

    def __init__(self, store: Store, plan: Plan, *, authorized: bool, resume: bool) -> None:
        self.store, self.plan, self.runner = store, plan, plan.required_runner()
        self.authorized, self.resume = authorized, resume
        self.policy = store.policy()
        self.spent = 0.0
        self.cap_from = 0.0  #: what was spent when spending was last continued
        self.warned = False

    def gate(self) -> Diagnostic | None:
        """EVL007 when a paid runner may not start; else None (and the spending so far
        is read, and a ``--continue`` recorded)."""
        if not self.runner.paid:
            return None
        policy = self.policy
        if policy is None or policy.cap is None or not self.authorized:
            lacking = [
                *(["a recorded policy"] if policy is None else []),
                *(["a cap in the policy"] if policy is not None and policy.cap is None else []),
                *(["--authorize-spending"] if not self.authorized else []),
            ]
            message = f"runner `{self.runner.name}` is paid: it needs {', '.join(lacking)}"
            return self.plan.at("runner", EVL007, message)
        self.spent = spent(self.store.attempts(), policy)
        if self.resume:
            self.store.continue_spending(now(), self.spent)
        self.cap_from = self.store.spent_at_continuation()
        return None

    def over_cap(self) -> tuple[str, Diagnostic | None] | None:
        """None while the next attempt may start; else the note for its row and, the
        first time, EVL008."""
        policy = self.policy
        if not self.runner.paid or policy is None or policy.cap is None:
            return None
        used = self.spent - self.cap_from
        if used < policy.cap:
            return None
        note = (
            f"the spending cap {policy.cap:g} is reached ({used:g} spent): "
            "run again with --continue to go on"
        )
        first, self.warned = not self.warned, True
        return note, self.plan.at("runner", EVL008, note) if first else None

    def add(self, counters: Iterable[Counter], day: str) -> None:
        """Count one finished attempt's cost."""
        if self.policy is not None:
            self.spent += cost(counters, self.policy, day)
