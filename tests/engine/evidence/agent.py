"""A fixture agent for the evaluation tests: ``python agent.py MODE``.

It reads its stdin (the delivered material and prompt), then behaves as MODE says:
``correct`` and ``wrong`` answer (task ``add`` is 5, ``mul`` 6, anything else 0),
``crash`` exits 3, ``hang`` sleeps far past any timeout, ``malformed`` prints text
that is not JSON, ``slow`` answers after a pause, ``unknown`` answers with an extra
field, ``task-only`` answers correctly only under the task condition, ``linger``
answers at once but leaves a grandchild holding stdout (sleeping ``AGENT_DELAY``
seconds, its pid appended to ``AGENT_PIDFILE``), ``linger-setsid`` too, the grandchild
in a session of its own (out of reach of a kill of the agent's group), ``flood``
prints ``AGENT_FLOOD_MIB`` MiB of ``x`` (no JSON) in 1 MiB writes. The counter
``input_tokens`` is the number of stdin bytes.
"""

import json
import os
import sys
import time

ANSWERS = {"add": "5", "mul": "6"}

mode = sys.argv[1] if len(sys.argv) > 1 else "correct"
data = sys.stdin.buffer.read()
task = os.environ.get("ASSAY_TASK", "")
right = ANSWERS.get(task, "0")
out = {"answer": right, "input_tokens": len(data)}
if mode == "wrong" or (mode == "task-only" and os.environ.get("ASSAY_CONDITION") != "task"):
    out["answer"] = "41"
if mode == "crash":
    sys.stderr.write("agent: something broke\n")
    sys.exit(3)
if mode == "hang":
    time.sleep(600)
if mode == "malformed":
    sys.stdout.write("the answer is five\n")
    sys.exit(0)
if mode == "slow":
    if os.environ.get("AGENT_PIDFILE"):  # so a test can end it by its pid
        with open(os.environ["AGENT_PIDFILE"], "w") as pidfile:
            pidfile.write(str(os.getpid()))
    time.sleep(float(os.environ.get("AGENT_DELAY", "1.5")))
if mode.startswith("linger") and os.fork() == 0:
    if mode == "linger-setsid":
        os.setsid()
    if os.environ.get("AGENT_PIDFILE"):
        with open(os.environ["AGENT_PIDFILE"], "a") as pidfile:
            pidfile.write(f"{os.getpid()}\n")
    time.sleep(float(os.environ.get("AGENT_DELAY", "600")))
    os._exit(0)
if mode == "flood":
    block = b"x" * (1 << 20)
    for _ in range(int(os.environ.get("AGENT_FLOOD_MIB", "1"))):
        sys.stdout.buffer.write(block)
    sys.exit(0)
if mode == "unknown":
    out["confidence"] = "certain"
sys.stdout.write(json.dumps(out))
