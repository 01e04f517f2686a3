"""spec.lark builds with Lark's strict mode: no conflicts, no terminal collisions."""

from __future__ import annotations

import pytest
from lark import Lark
from lark.exceptions import GrammarError, LexError

from assay.grammar.spec.parser import build_parser


def test_spec_grammar_builds_strict() -> None:
    """LALR with strict=True accepts spec.lark, so no conflict is resolved silently."""
    parser = build_parser(strict=True, use_cache=False)
    assert parser.parse("use adr").data == "start"


def test_strict_mode_catches_what_we_rely_on_it_for() -> None:
    """strict=True really rejects a shift/reduce conflict and a regex collision."""
    dangling_else = 'start: "if" start | "if" start "else" start | "x"\n'
    with pytest.raises(GrammarError, match="Shift/Reduce"):
        Lark(dangling_else, parser="lalr", strict=True)
    with pytest.raises(LexError, match="Collision"):
        Lark("start: A | B\nA: /a+/\nB: /a+b?/\n", parser="lalr", lexer="basic", strict=True)


def test_cached_parser_matches_a_fresh_one() -> None:
    """The parser loaded from Lark's cache parses exactly like one built from scratch."""
    text = 'type t { section "A" required { length 1..9 } }'
    assert build_parser(use_cache=True).parse(text) == build_parser(use_cache=False).parse(text)
