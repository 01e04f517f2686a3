"""How large a config file may be, and how many parts a dotted key may have.

``tomllib`` is quadratic in the parts of one dotted key (``a.b.c…``: 100,000 parts
take over a minute) and reads a file of any size whole.  No config comes near either
bound: assay's own keys have at most two parts, and the largest ``pyproject.toml``
files are tens of kilobytes.  Both are checked before ``tomllib`` sees the text, so a
hostile config is a located error at once (docs/guide/configuration.md, "Limits").
"""

from __future__ import annotations

import re
from pathlib import Path

from assay.grammar.toml_positions import _PART

#: The most bytes a config file may hold (1 MiB).
MAX_CONFIG_BYTES = 1024 * 1024
#: The most parts one dotted key (or table header) may have.
MAX_KEY_PARTS = 32

# MAX_KEY_PARTS + 1 parts joined by dots, starting where no part could go on: anchored
# so that a search tries each start once and stops after a fixed number of parts,
# which keeps the scan linear in the file's size.
_TOO_MANY_PARTS = re.compile(
    rf"(?<![A-Za-z0-9_\-\"'])(?:{_PART}[ \t]*\.[ \t]*){{{MAX_KEY_PARTS}}}{_PART}"
)


class BoundPassed(Exception):
    """A config past a bound: what to say, and where (the config makes it a ConfigError)."""

    def __init__(self, message: str, line: int, column: int) -> None:
        super().__init__(message)
        self.message, self.line, self.column = message, line, column


def bounded_text(path: Path) -> str:
    """The text of the config at ``path``; ``BoundPassed`` past either bound.

    Reads at most one byte more than the bound, whatever the file's size.  Raises
    ``OSError`` and ``UnicodeDecodeError`` as reading and decoding would.
    """
    with path.open("rb") as stream:
        data = stream.read(MAX_CONFIG_BYTES + 1)
    if len(data) > MAX_CONFIG_BYTES:
        kept = data[:MAX_CONFIG_BYTES].decode("utf-8", errors="replace")
        line = kept.count("\n") + 1
        column = len(kept) - (kept.rfind("\n") + 1) + 1
        message = f"the config is larger than {MAX_CONFIG_BYTES:,} bytes (1 MiB)"
        raise BoundPassed(message, line, column)
    text = data.decode("utf-8")
    if (found := _TOO_MANY_PARTS.search(text)) is not None:
        line = text.count("\n", 0, found.start()) + 1
        column = found.start() - (text.rfind("\n", 0, found.start()) + 1) + 1
        message = f"a dotted key has more than {MAX_KEY_PARTS} parts"
        raise BoundPassed(f"invalid TOML: {message}", line, column)
    return text
