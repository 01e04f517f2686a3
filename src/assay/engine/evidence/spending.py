"""The spending of one run with a ``paid`` runner: whether it may start at all (a
policy with a cap, recorded before execution, that can bound spending, and
``--authorize-spending``), and whether the next attempt may start (the credit the
store counts since the last continuation is below the cap). A runner that is not
paid passes both, always.

Spending is *held* before it is known: each paid attempt's row is committed with the
policy's ``attempt_worst_case`` reserved before its process starts, and *settled*
when it ends, at its price (``costs.price``) or, when that is not known, at the worst
case. So what the store counts is never less than what was spent, however the run
ends (a SIGKILL of assay leaves the worst case held), and since an attempt starts
only while the count is below the cap, it never passes the cap by more than one
attempt's worst case, with ``--jobs N`` as with one job. While attempts run and the
count has reached the cap, the next one waits for them to settle rather than being
refused on a worst case that may not be spent.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from assay.engine.evidence.codes import EvidenceError
from assay.engine.evidence.costs import price, spent
from assay.engine.evidence.plan import Plan
from assay.engine.evidence.prepare import now
from assay.engine.evidence.rates import entry_problems, spending_problems
from assay.engine.evidence.records import Store
from assay.spec.diagnostics import Diagnostic
from assay.spec.evidence import Counter, Policy
from assay.spec.rules.evaluation_spending import EVL042
from assay.spec.rules.evaluation_stages import EVL007, EVL008, EVL012


def unbounded(policy: Policy, plan: Plan, where: Path) -> EvidenceError | None:
    """EVL012 for each malformed entry of ``policy``, else EVL042 for what it lacks to
    bound a paid run's spending under ``plan``'s result schema today; each naming the
    policy's file (or ``where`` it was recorded) and the entry. None: it may be used."""
    malformed = entry_problems(policy)
    schema = f"{plan.results.name}@{plan.results.version}"
    lacking = (
        [] if malformed else spending_problems(policy, plan.results.counters, schema, now()[:10])
    )
    if not malformed and not lacking:
        return None
    source = policy.source or f"{where} (the policy recorded there)"
    name = f"policy {policy.name}@{policy.version}"
    found = [
        *(EVL012.diagnostic(f"{name}: not a policy: {problem}", source) for problem in malformed),
        *(EVL042.diagnostic(f"{name}: {problem}", source) for problem in lacking),
    ]
    return EvidenceError(found)


class Spending:
    """What a run has spent and holds, against its policy's cap."""

    def __init__(self, store: Store, plan: Plan, *, authorized: bool, resume: bool) -> None:
        self.store, self.plan, self.runner = store, plan, plan.required_runner()
        self.authorized, self.resume = authorized, resume
        self.policy = store.policy()
        self.spent = 0.0  #: what the store counts: settled charges and held worst cases
        self.cap_from = 0.0  #: what was spent when spending was last continued
        self.running = 0  #: paid attempts running, each holding its worst case
        self.refused = 0  #: attempts refused at the cap

    def gate(self) -> Diagnostic | None:
        """EVL007 when a paid runner may not start; else None (and the spending so far
        is read, and a ``--continue`` recorded). Raises ``EvidenceError`` (EVL042) when
        the recorded policy cannot bound the spending: nothing is recorded then."""
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
        refusal = unbounded(policy, self.plan, self.store.path)
        if refusal is not None:
            raise refusal
        self.spent = spent(self.store.charges(), policy)
        if self.resume:
            self.store.continue_spending(now(), self.spent)
        self.cap_from = self.store.spent_at_continuation()
        return None

    def _cap(self) -> float | None:
        """The cap this run keeps to: a paid runner's, past the gate."""
        if not self.runner.paid or self.policy is None:
            return None
        return self.policy.cap

    def must_wait(self) -> bool:
        """Whether the next attempt must wait for a running one to settle before it is
        decided: the count (with what running attempts hold) has reached the cap."""
        cap = self._cap()
        return cap is not None and self.running > 0 and self.spent - self.cap_from >= cap

    def over_cap(self) -> str | None:
        """None while the next attempt may start; else the note for its refused row."""
        cap = self._cap()
        if cap is None:
            return None
        used = self.spent - self.cap_from
        if used < cap:
            return None
        self.refused += 1
        return (
            f"the spending cap {cap:g} is reached ({used:g} spent): "
            "run again with --continue --authorize-spending to go on"
        )

    def finding(self, split: list[str]) -> Diagnostic | None:
        """EVL008 once for the run, when the cap refused attempts; naming the pairs
        it split (their overview attempt ran, their task attempt did not)."""
        cap = self._cap()
        if not self.refused or cap is None:
            return None
        used = self.spent - self.cap_from
        message = f"the spending cap {cap:g} is reached ({used:g} spent)"
        if split:
            names = ", ".join(f"`{name}`" for name in split[:5])
            more = f" and {len(split) - 5} more" if len(split) > 5 else ""
            message += (
                f"; it split {len(split)} pair{'s' if len(split) != 1 else ''} ({names}{more}):"
                " the overview attempt ran, the task attempt did not"
            )
        message += (
            ": run again with --continue --authorize-spending to go on"
            " (a split pair runs its task attempt only)"
        )
        return self.plan.at("runner", EVL008, message)

    def hold(self) -> float | None:
        """The worst case the next attempt holds (committed with its row before it
        starts); None for a runner that is not paid."""
        if self._cap() is None or self.policy is None:
            return None
        held = self.policy.attempt_worst_case or 0.0
        self.spent += held
        self.running += 1
        return held

    def settle(
        self, held: float | None, counters: Sequence[Counter] | None, day: str, *, started: bool
    ) -> float | None:
        """What an attempt that held ``held`` is charged now it ended: the price of its
        ``counters``, else (not all reported, or None: assay killed it, so what it
        reported may not be all it spent) the worst case held; nothing when its process
        could not be ``started``. None for a runner that is not paid."""
        if held is None or self.policy is None:
            return None
        declared = self.plan.results.counters
        priced = None if counters is None else price(counters, declared, self.policy, day)
        charged = 0.0 if not started else held if priced is None else priced
        self.spent += charged - held
        self.running -= 1
        return charged
