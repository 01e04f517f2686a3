"""The Lark LALR parser for ``blocks.lark``, fed by the line lexer's tokens."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Any

from lark import Lark
from lark.lexer import Lexer

from assay.grammar.cache import cache_file
from assay.grammar.markdown.scanstate import Scan


class ScanLexer(Lexer):
    """Hands Lark the tokens the line lexer already made (``parse`` receives a ``Scan``)."""

    # Lark's current custom-lexer interface: lex(lexer_state, parser_state).
    __future_interface__ = 2

    def __init__(self, lexer_conf: Any) -> None:
        pass

    def lex(self, lexer_state: Any, parser_state: Any) -> Iterator[Any]:
        """The block tokens the scanner made, as Lark's token stream."""
        scan: Scan = lexer_state.text
        return iter(scan.tokens)


def build_parser(*, strict: bool = False) -> Lark:
    """A fresh parser that builds a parse tree; ``strict=True`` fails on any grammar
    conflict (used by the tests)."""
    return Lark.open_from_package(
        "assay.grammar.markdown",
        "blocks.lark",
        parser="lalr",
        lexer=ScanLexer,
        strict=strict,
        cache=False if strict else cache_file("blocks"),
    )


@cache
def parser() -> Lark:
    """The process-wide parser (built once; Lark caches its analysis on disk)."""
    return build_parser()
