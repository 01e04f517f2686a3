"""Broken specs: each yields the expected code, at the offending token, in plain words."""

from __future__ import annotations

from typing import NamedTuple

import pytest

from assay.engine.checks.registry import RULES
from assay.grammar.spec import parse_spec
from assay.spec.diagnostics import CODE_PATTERN, NAME_PATTERN

CODES = {rule.code: rule.name for rule in RULES if rule.stage == "spec"}


class Case(NamedTuple):
    id: str
    text: str
    code: str
    line: int
    column: int
    token: str  # the offending text, exactly as the span must slice it
    words: str  # a piece the message must contain


# A table reads best with one case to a row; the formatter would spread each over lines.
# fmt: off
CASES = [
    # ---- SPC001: the text does not parse ----------------------------------------------
    Case("missing-brace", 'type t {\n  field "A" required\n', "SPC001", 3, 1, "", "`}`"),
    Case("unknown-keyword", "type t {\n  sectoin A required\n}", "SPC001", 2, 3, "sectoin",
         "did you mean `section`?"),
    Case("unterminated-string", 'type t {\n  section "A required\n}', "SPC001", 2, 11,
         '"A required', "unterminated string"),
    Case("forbidden-without-reason", "type t { section A forbidden }", "SPC001", 1, 30, "}",
         "`forbidden` needs a reason"),
    Case("list-without-commas", 'type t { files "a/*.md" "b/*.md" }', "SPC001", 1, 25,
         '"b/*.md"', "separate list items with `,`"),
    Case("quoted-type-name", 'type "t" {}', "SPC001", 1, 6, '"t"', "expected a bare word"),
    Case("unknown-format", "type t { field A required { format datetime } }", "SPC001", 1, 36,
         "datetime", "expected one of `date`, `identity`, `pattern`"),
    Case("length-without-bounds", "type t { section A required { length .. } }", "SPC001", 1,
         41, "}", "expected a number"),
    Case("stray-character", "use adr @", "SPC001", 1, 9, "@", "found the character `@`"),
    Case("invisible-character", "use\u00a0adr", "SPC001", 1, 4, "\u00a0", "U+00A0"),
    Case("presence-missing", "type t { field A }", "SPC001", 1, 18, "}",
         "`forbidden`, `optional`, `required`"),
    Case("title-forbidden", 'type t { title forbidden "x" }', "SPC001", 1, 16, "forbidden",
         "expected one of `optional`, `required`"),
    Case("version-missing", "declaration d {}", "SPC001", 1, 15, "{", "expected `version`"),
    Case("sha256-unquoted", "declaration d version 1 { primary \"a\" sha256 abc }", "SPC001",
         1, 46, "abc", "expected a quoted string"),
    Case("relation-without-name", "type t { relation }", "SPC001", 1, 19, "}",
         "expected one of a bare word, a quoted string"),
    Case("inverse-without-name", "type t { relation a inverse }", "SPC001", 1, 29, "}",
         "expected one of a bare word, a quoted string"),
    Case("relation-typo", "type t {\n  relaton Supersedes\n}", "SPC001", 2, 3, "relaton",
         "did you mean `relation`?"),
    Case("relation-presence", "type t { relation a required }", "SPC001", 1, 21, "required",
         "`inverse`"),
    Case("eof-after-crlf", "type t {\r\n", "SPC001", 2, 1, "", "found the end of the file"),
    # ---- SPC002: a name that refers to nothing ----------------------------------------
    Case("unknown-library", "use adrs", "SPC002", 1, 5, "adrs", "did you mean `adr`?"),
    Case("extends-unknown", "type t extends nothing {}", "SPC002", 1, 16, "nothing",
         "not defined"),
    Case("extends-library-not-used", "type t extends madr {}", "SPC002", 1, 16, "madr",
         "add `use madr`"),
    # ---- SPC003: defined twice ---------------------------------------------------------
    Case("duplicate-section", "type t {\n  section Context required\n  section context optional\n}",
         "SPC003", 3, 11, "context", "already defined on line 2"),
    Case("alias-clashes-with-section",
         'type t { section A required section B optional { aliases "a" } }', "SPC003", 1, 58,
         '"a"', "section name or alias"),
    Case("duplicate-type", "type t {}\ntype t {}", "SPC003", 2, 6, "t", "type `t`"),
    Case("type-shadows-library", "use adr\ntype adr {}", "SPC003", 2, 6, "adr", "`use adr`"),
    Case("duplicate-use", "use adr\nuse adr", "SPC003", 2, 5, "adr", "library `adr`"),
    Case("duplicate-synonym", "type t { field S required { values a (x), b (X) } }", "SPC003",
         1, 46, "X", "already stands for the value `a`"),
    Case("duplicate-constraint", "type t { section A required { length 1.. length ..9 } }",
         "SPC003", 1, 42, "length", "given twice"),
    Case("duplicate-relation",
         'type t {\n  relation "Superseded by"\n  relation "superseded  BY" inverse x\n}',
         "SPC003", 3, 12, '"superseded  BY"', "relation `superseded  BY` is already defined"),
    Case("duplicate-files", 'type t { files "a" files "b" }', "SPC003", 1, 20, "files",
         "given twice"),
    Case("duplicate-declaration", "declaration d version 2 {}\ndeclaration \"d\" version 2 {}",
         "SPC003", 2, 13, '"d"', "declaration `d` version 2 is already defined on line 1"),
    Case("duplicate-dimension", "declaration d version 1 { when os [a] and os [b] }", "SPC003",
         1, 43, "os", "dimension `os`"),
    # ---- SPC004: a value that cannot be right -------------------------------------------
    Case("length-reversed", "type t { section A required { length 250..50 } }", "SPC004", 1,
         38, "250..50", "250 is more than 50"),
    Case("bad-regex", 'type t { field A required { format pattern "^[a-z" } }', "SPC004", 1,
         46, "[", "unterminated character set"),
    # RE2 runs the patterns (linear in the value); what it refuses is located in the string.
    Case("regex-backreference", 'type t {\n  field A required { format pattern "(a)\\1" }\n}',
         "SPC004", 2, 41, "\\", "`\\1` is a backreference"),
    Case("regex-lookahead", 'type t {\n  field A required { format pattern "a(?=b)" }\n}',
         "SPC004", 2, 39, "(", "`(?=` is lookahead"),
    Case("regex-lookbehind", 'type t { field A required { format pattern "x(?<!a)b" } }',
         "SPC004", 1, 46, "(", "`(?<!` is negative lookbehind"),
    Case("regex-repeat-over-1000", 'type t { field A required { format pattern "a{1001}" } }',
         "SPC004", 1, 46, "{", "over RE2's limit of 1000"),
    Case("regex-nested-repeats", 'type t { field A required { format pattern "(a{9}){200}" } }',
         "SPC004", 1, 51, "{", "nested repeats multiply"),
    Case("regex-unclosed-group", 'type t { field A required { format pattern "a(b(c)" } }',
         "SPC004", 1, 46, "(", "never closed"),
    Case("regex-stray-paren", 'type t { field A required { format pattern "ab)c" } }',
         "SPC004", 1, 47, ")", "closes no group"),
    Case("regex-python-only-bound", 'type t { field A required { format pattern "a{,3}" } }',
         "SPC004", 1, 46, "{", "write `{0,3}`"),
    Case("bad-sha256", 'declaration d version 1 { primary "a" sha256 "abc" }', "SPC004", 1,
         46, '"abc"', "64 hexadecimal digits"),
    Case("lines-from-zero", 'declaration d version 1 { primary "a" lines 0..3 }', "SPC004", 1,
         45, "0", "at least 1"),
    Case("lines-reversed", 'declaration d version 1 { primary "a" lines 9..3 }', "SPC004", 1,
         45, "9..3", "9 is after 3"),
    Case("version-zero", "declaration d version 0 {}", "SPC004", 1, 23, "0", "at least 1"),
    # A bundle is built in memory: a benchmark's budget is held to `assemble`'s cap.
    Case("budget-over-the-cap", "benchmark b version 1 {\n  budget 67108865\n}", "SPC004", 2, 10,
         "67108865", "at most 67,108,864"),
    Case("sentences-zero", "type t { section A required { sentences 0 } }", "SPC004", 1, 41,
         "0", "at least 1"),
    Case("empty-name", 'type t { section "" required }', "SPC004", 1, 18, '""',
         "must not be empty"),
    Case("empty-relation", 'type t { relation "" }', "SPC004", 1, 19, '""', "must not be empty"),
    Case("empty-inverse", 'type t { relation a inverse " " }', "SPC004", 1, 29, '" "',
         "must not be empty"),
    Case("huge-number", "declaration d version 99999999999 {}", "SPC004", 1, 23,
         "99999999999", "too large"),
    # ---- SPC005 / SPC006 -----------------------------------------------------------------
    Case("values-on-section", "type t { section A required { values a } }", "SPC005", 1, 31,
         "values", "does not apply to a section"),
    Case("sentences-on-title", "type t { title required { sentences 1 } }", "SPC005", 1, 27,
         "sentences", "does not apply to a title"),
    Case("identity-on-title", "type t { title required { format identity } }", "SPC005", 1,
         27, "format identity", "applies to fields only, not to a title"),
    Case("circular-extends", "type a extends a {}", "SPC006", 1, 16, "a", "extends itself"),
    Case("keyword-prefix", "type t { field A required { format datetime } }", "SPC001", 1,
         36, "datetime", "found `datetime`"),
]
# fmt: on


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_broken_spec_reports_its_code_and_place(case: Case) -> None:
    """The first diagnostic has the case's code, line and column, and no model is built."""
    parsed = parse_spec(case.text, "broken.assay")
    assert parsed.value is None
    first = parsed.diagnostics[0]
    assert (first.code, first.span.line, first.span.column) == (case.code, case.line, case.column)
    assert first.name == CODES[case.code]
    assert first.severity == "error"
    assert first.path == "broken.assay"


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_span_bytes_are_the_offending_token(case: Case) -> None:
    """The span's byte offsets slice the UTF-8 text to exactly the offending token."""
    span = parse_spec(case.text, "broken.assay").diagnostics[0].span
    assert case.text.encode()[span.start : span.end] == case.token.encode()


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_message_says_what_was_expected(case: Case) -> None:
    """The message names what was wrong or expected in plain words, not Lark's names."""
    message = parse_spec(case.text, "broken.assay").diagnostics[0].message
    assert case.words in message
    assert "RBRACE" not in message
    assert "__ANON" not in message


def test_every_case_code_is_well_formed() -> None:
    """Every SPC code matches the code pattern and has a kebab-case name."""
    for code, name in CODES.items():
        assert CODE_PATTERN.match(code)
        assert NAME_PATTERN.match(name)


def test_all_semantic_problems_are_reported_together() -> None:
    """A spec with several semantic problems reports each, in file order."""
    text = "use nowhere\ntype t extends gone {\n  section A required { length 9..1 }\n}\n"
    parsed = parse_spec(text, "broken.assay")
    assert [(d.code, d.span.line) for d in parsed.diagnostics] == [
        ("SPC002", 1),
        ("SPC002", 2),
        ("SPC004", 3),
    ]


def test_non_ascii_before_the_error_counts_bytes_not_characters() -> None:
    """Byte offsets count UTF-8 bytes, columns count code points."""
    text = 'type t { section "Übersicht" required { length 9..1 } }'
    span = parse_spec(text, "broken.assay").diagnostics[0].span
    assert text.encode()[span.start : span.end] == b"9..1"
    assert span.column == text.index("9..1") + 1


def test_bad_regex_points_inside_an_escaped_string() -> None:
    """The caret lands on the pattern character even after a `\\"` escape."""
    text = r'type t { field A required { format pattern "\"(" } }'
    span = parse_spec(text, "broken.assay").diagnostics[0].span
    assert text.encode()[span.start : span.end] == b"("


def test_versions_of_one_declaration_live_side_by_side() -> None:
    """Two versions of one declaration in one file are no duplicate (issue 14: a legacy
    version stays selectable by name); the same version twice is."""
    text = "declaration d version 1 {}\ndeclaration d version 2 {}\n"
    parsed = parse_spec(text, "context.assay")
    assert parsed.diagnostics == ()
    assert parsed.value is not None
    assert [(d.name, d.version) for d in parsed.value.declarations] == [("d", 1), ("d", 2)]
