"""What keeping assessments bound costs a reader of the store: ``Store.attempts()`` over
N attempts with none, and with one assessment each; and ``record`` per assessment.

    .venv/bin/python benchmarks/eval_assess.py [--sizes 1000,10000,50000] [--repeat 3]

Each attempt's assessment is checked on every read (the stored answer's sha256 and the
preparation's basis digests against the ones it names), so the read grows with the
assessments kept. Printed per N: microseconds per attempt read without and with
assessments, and per ``record``; CPU time (``time.process_time``), best of ``--repeat``.
The store is a temporary file; the attempts are written in one transaction.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from attrs import evolve

from assay.engine.evidence.assessments import record
from assay.engine.evidence.records import Finish, Preparation, Store
from assay.spec.evidence import Provision, Versions

VERSIONS = Versions(benchmark="b@1", answer_key="k@1", runner="r@1", result_schema="s@1")
SNAPSHOT = '{"condition": "task", "units": [{"path": "a.md", "sha256": "%s", "bytes": 9}]}'


def _store(path: Path, size: int) -> Store:
    store = Store(path)
    prep = Preparation(
        id=0,
        benchmark="b@1",
        task="t",
        condition="task",
        stdin=b"x",
        snapshot=SNAPSHOT % ("0" * 64),
        provision=Provision(complete=True),
        declarations=(),
    )
    prep = evolve(prep, id=store.add_preparation(prep, b"x", "now"))
    store.db.execute("BEGIN")
    for index in range(size):
        ident = store.launch(
            prep=prep,
            task=f"t{index}",
            condition="task",
            versions=VERSIONS,
            command=["agent"],
            stdin=b"x",
            stdin_sha256="0" * 64,
            provision=prep.provision,
            shard=None,
            started_at="now",
        )
        store.finish(ident, Finish(status="completed", answer=str(index)))
    store.db.execute("COMMIT")
    return store


def _best(repeat: int, work: object) -> float:
    times = []
    for _ in range(repeat):
        start = time.process_time()
        work()  # type: ignore[operator]
        times.append(time.process_time() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,10000,50000")
    parser.add_argument("--repeat", type=int, default=3)
    options = parser.parse_args()
    print("N  read-us/attempt(no assessments)  read-us/attempt(each assessed)  record-us")
    for size in (int(s) for s in options.sizes.split(",")):
        with tempfile.TemporaryDirectory() as folder:
            store = _store(Path(folder) / "e.sqlite", size)
            bare = _best(options.repeat, store.attempts)
            start = time.process_time()
            store.db.execute("BEGIN")
            for ident in range(1, size + 1):
                record(store.db, "e", attempt=ident, verdict="supported", policy="p@1", at="now")
            store.db.execute("COMMIT")
            recording = time.process_time() - start
            assessed = _best(options.repeat, store.attempts)
            assert all(a.assessment is not None for a in store.attempts())
            store.close()
        per = 1e6 / size
        print(f"{size}  {bare * per:.1f}  {assessed * per:.1f}  {recording * per:.1f}")


if __name__ == "__main__":
    main()
