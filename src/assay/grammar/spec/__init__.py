"""Read ``.assay`` specs: text to a ``SpecFile``, or diagnostics saying why not.

A spec's ``use`` and ``extends`` lines resolve against the built-in libraries; the
parser itself is ``assay.grammar.spec.parser``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from assay.spec.diagnostics import Parsed
    from assay.spec.specfile import SpecFile


def parse_spec(text: str, path: str) -> Parsed[SpecFile]:
    """Read one spec.  Never raises on bad input.

    Returns the ``SpecFile`` when the spec has no errors; otherwise ``value`` is None
    and ``diagnostics`` holds every problem found (``SPC001`` alone when the text does
    not parse, else all the ``SPC002``... findings at once).  Spans are byte-exact for
    ``text`` encoded as UTF-8, a leading BOM included.
    """
    # Imported here, not above: a warm run imports the package's light modules (its
    # codes) without paying for Lark, which only a spec that must be parsed needs.
    from assay.grammar.spec.library import BUILTIN_LIBRARIES
    from assay.grammar.spec.parser import parse_spec_with

    return parse_spec_with(text, path, BUILTIN_LIBRARIES)
