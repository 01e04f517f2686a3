"""The spending of one run with a ``paid`` runner: whether it may start at all (a
policy with a cap, recorded before execution, and ``--authorize-spending``), and
whether the next attempt may start (the credit spent since the last continuation is
below the cap). A runner that is not paid passes both, always.

With ``--jobs N`` attempts run while the next one is decided, so each running attempt
*reserves* its estimated cost (the most any finished attempt of the run or the store
cost) until it ends and its real cost is counted. The next attempt waits while what
is spent and reserved reaches the cap, or while one runs and no cost is known yet: it
starts only when a run with ``--jobs 1`` could have started it, and it is refused only
on what was really spent, as with ``--jobs 1``.
"""

from __future__ import annotations

from collections.abc import Iterable

from assay.engine.evidence.costs import cost, estimate, spent
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
        self.estimate: float | None = None  #: the most one finished attempt cost
        self.reserved: dict[int, float | None] = {}  #: running attempt -> its estimate
        self.refused = 0  #: attempts refused at the cap

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
        self.estimate = estimate(self.store.attempts(), policy)
        if self.resume:
            self.store.continue_spending(now(), self.spent)
        self.cap_from = self.store.spent_at_continuation()
        return None

    def _capped(self) -> bool:
        return self.runner.paid and self.policy is not None and self.policy.cap is not None

    def must_wait(self) -> bool:
        """Whether the next attempt must wait for a running one to end before it is
        decided: what is spent and reserved reaches the cap, or no cost is known."""
        if not self._capped() or not self.reserved:
            return False
        assert self.policy is not None and self.policy.cap is not None
        if any(reserve is None for reserve in self.reserved.values()):
            return True
        held = sum(reserve or 0.0 for reserve in self.reserved.values())
        return self.spent - self.cap_from + held >= self.policy.cap

    def over_cap(self) -> str | None:
        """None while the next attempt may start; else the note for its refused row."""
        policy = self.policy
        if not self._capped() or policy is None or policy.cap is None:
            return None
        used = self.spent - self.cap_from
        if used < policy.cap:
            return None
        self.refused += 1
        return (
            f"the spending cap {policy.cap:g} is reached ({used:g} spent): "
            "run again with --continue --authorize-spending to go on"
        )

    def finding(self, split: list[str]) -> Diagnostic | None:
        """EVL008 once for the run, when the cap refused attempts; naming the pairs
        it split (their overview attempt ran, their task attempt did not)."""
        if not self.refused or self.policy is None or self.policy.cap is None:
            return None
        used = self.spent - self.cap_from
        message = f"the spending cap {self.policy.cap:g} is reached ({used:g} spent)"
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

    def reserve(self, attempt: int) -> None:
        """Hold ``attempt``'s estimated cost while it runs."""
        if self._capped():
            self.reserved[attempt] = self.estimate

    def add(self, counters: Iterable[Counter], day: str, attempt: int | None = None) -> None:
        """Count one finished attempt's cost, releasing its reservation."""
        if attempt is not None:
            self.reserved.pop(attempt, None)
        if self.policy is not None:
            paid = cost(counters, self.policy, day)
            self.spent += paid
            self.estimate = paid if self.estimate is None else max(self.estimate, paid)
