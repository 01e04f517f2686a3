"""A fixture agent that reads part of its input: ``python partial_agent.py``.

It reads ``READ_OVERVIEW`` or ``READ_TASK`` bytes of stdin (by its condition; ``-1``:
all of it) with ``os.read``, so nothing is read ahead into a buffer, and writes how
many it got to ``REPORT/<condition>``: the test's measure of what it took. Then, by
``END``: ``close`` closes its stdin and answers, ``exit`` answers and exits with its
stdin still open, ``fail`` exits 3 without an answer.
"""

import json
import os
import sys

condition = os.environ["ASSAY_CONDITION"]
want = int(os.environ["READ_" + condition.upper()])
got = 0
while want < 0 or got < want:
    step = 1 << 16 if want < 0 else min(1 << 16, want - got)
    chunk = os.read(0, step)
    if not chunk:
        break
    got += len(chunk)
with open(os.path.join(os.environ["REPORT"], condition), "w") as report:
    report.write(str(got))
end = os.environ["END"]
if end == "close":
    os.close(0)
if end == "fail":
    sys.exit(3)
sys.stdout.write(json.dumps({"answer": "5"}))
