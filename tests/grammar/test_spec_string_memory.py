"""A long string in a spec costs memory proportional to its length, not 180 times it.

The STRING terminal was a repeated alternation, for which Python's regex engine keeps
a frame per character (a 5 MB string peaked at 870 MB), and unquoting substituted each
backslash through a function.  Measured as peak RSS in a fresh subprocess, the extra
memory over a tiny spec's must stay within a small multiple of the string's size.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.peak import OWN_PEAK_KIB

_MEASURE = (
    """
import sys
from assay.grammar.spec import parse_spec
piece, count = sys.argv[1], int(sys.argv[2])
text = 'type t {\\n  field "' + piece * count + '" required\\n}\\n'
parsed = parse_spec(text, "big.assay")
assert parsed.diagnostics == (), parsed.diagnostics
"""
    + f"print({OWN_PEAK_KIB})\n"
)

SIZE = 2 * 1024 * 1024  # bytes of string


def _peak_kib(piece: str, count: int) -> int:
    run = [sys.executable, "-c", _MEASURE, piece, str(count)]
    done = subprocess.run(run, capture_output=True, text=True, check=True)
    return int(done.stdout)


@pytest.mark.parametrize("piece", ["a", "\\a", '\\"'], ids=["plain", "backslashes", "quotes"])
def test_a_two_megabyte_string_costs_a_few_times_its_size(piece: str) -> None:
    baseline = _peak_kib(piece, 1)
    extra = (_peak_kib(piece, SIZE // len(piece)) - baseline) * 1024
    assert extra < 12 * SIZE, (extra, SIZE)
