"""How large a config file may be, and how many parts a dotted key may have.

``tomllib`` is quadratic in the parts of one dotted key (``a.b.c…``: 100,000 parts
take over a minute) and reads a file of any size whole.  No config comes near either
bound: assay's own keys have at most two parts, and the largest ``pyproject.toml``
files are tens of kilobytes.  Both are checked before ``tomllib`` sees the text, so a
hostile config is a located error at once (docs/guide/configuration.md, "Limits").
"""

from __future__ import annotations

from pathlib import Path

from assay.grammar.toml_positions import MAX_KEY_PARTS, too_many_parts

#: The most bytes a config file may hold (1 MiB).
MAX_CONFIG_BYTES = 1024 * 1024


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
    if (where := too_many_parts(text)) is not None:
        line, column = where
        message = f"a dotted key has more than {MAX_KEY_PARTS} parts"
        raise BoundPassed(f"invalid TOML: {message}", line, column)
    return text
