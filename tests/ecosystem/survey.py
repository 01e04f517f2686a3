"""What assay makes of one corpus repository: records found, findings judged, and
records a publish would leave out."""

from __future__ import annotations

from pathlib import Path

from attrs import frozen

from tests.ecosystem.corpus import Finding, Repo, Verdict, Where, check_json, findings, key


@frozen
class LeftOut:
    """A record a publish leaves out, the finding that does it, and its verdict."""

    path: str
    reason: str
    #: The key's verdict on that finding; None when the key does not judge it.
    verdict: Verdict | None


@frozen
class Survey:
    """One repository's figures."""

    repo: Repo
    report: str
    found: tuple[Finding, ...]
    verdicts: dict[Where, Verdict]
    #: The records assay found in the repository's decision-record folders.
    records: tuple[str, ...]
    left_out: tuple[LeftOut, ...]

    def judged(self, severity: str) -> tuple[int, int, int]:
        """(true, false, unjudged) findings of ``severity``."""
        true = false = unjudged = 0
        for finding in self.found:
            if finding.severity != severity:
                continue
            verdict = self.verdicts.get(finding.where)
            if verdict is None:
                unjudged += 1
            elif verdict.true:
                true += 1
            else:
                false += 1
        return true, false, unjudged

    @property
    def unjudged(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.found if f.where not in self.verdicts)

    @property
    def stale(self) -> tuple[Where, ...]:
        """Key lines for findings no longer reported, or reported at another severity."""
        reported = {f.where: f.severity for f in self.found}
        return tuple(sorted(w for w, v in self.verdicts.items() if reported.get(w) != v.severity))

    @property
    def falsely_left_out(self) -> tuple[LeftOut, ...]:
        return tuple(o for o in self.left_out if o.verdict is None or not o.verdict.true)


def survey(repo: Repo, root: Path) -> Survey:
    """Check the set-up repository at ``root`` and judge what assay says."""
    from assay.api.workspace import root_config
    from assay.site.gate import decide

    report = check_json(root)
    found = findings(report)
    verdicts = key(repo)
    publication = decide(root_config(root))
    records = [*publication.records, *(e.path for e in publication.excluded)]
    inside = tuple(sorted(p for p in records if _inside(p, repo.folders)))
    by_where = {(f.path, f.code, f.message): f.where for f in found}
    left_out = []
    for excluded in publication.excluded:
        code, _, message = excluded.reason.partition(" ")
        where = by_where.get((excluded.path, code, message))
        left_out.append(
            LeftOut(excluded.path, excluded.reason, None if where is None else verdicts.get(where))
        )
    return Survey(repo, report, tuple(found), verdicts, inside, tuple(left_out))


def _inside(path: str, folders: tuple[str, ...]) -> bool:
    # `.`: the whole repository is the series (its proposals at the root).
    return any(f == "." or path == f or path.startswith(f.rstrip("/") + "/") for f in folders)


def percent(true: int, false: int) -> str:
    """Precision as a percentage, or a dash when nothing was reported."""
    return "-" if true + false == 0 else f"{100 * true / (true + false):.1f}%"
