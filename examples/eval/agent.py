"""A fixture agent for the example benchmark: standard library only, no model.

It reads what assay delivers on stdin (the material, then `# Task` and the prompt)
and answers with JSON on stdout. It knows the naming conventions only if the
delivered material states them, so it answers right with the task bundle and wrong
with the overview alone: a stand-in for an agent, proving software behaviour only.
"""

import json
import re
import sys

text = sys.stdin.read()
prompt = text.rsplit("# Task", 1)[-1]
number = re.search(r"[0-9]+(?:\.[0-9]+)?", prompt)
value = number.group(0) if number else ""
knows = "release 2.1 is tagged `v2.1`" in text
if "tag" in prompt:
    answer = f"v{value}" if knows else value
else:
    answer = f"ticket/{value}" if knows else value
print(json.dumps({"answer": answer, "input_tokens": len(text.encode())}))
