"""The spec parser: text to a ``SpecFile``, or diagnostics saying why not, checked
against the libraries it is given.

``assay.grammar.spec.parse_spec`` is this with the built-in libraries in scope.  The
libraries are a parameter because their loader (``assay.grammar.spec.library``) parses them
with this very function: were the parser to import the loader, the two would cycle.

The grammar is ``spec.lark`` (package data).  The parser is built once per process
with Lark's grammar cache, which makes a cold start (pre-commit starts assay once per
commit) cost about as much as importing Lark.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from lark import Lark, Token
from lark.exceptions import UnexpectedInput, VisitError
from lark.lark import PostLex
from lark.lexer import PatternStr

from assay.grammar.cache import cache_file
from assay.grammar.locate import Locator
from assay.grammar.spec.errors import syntax_diagnostic, terminal_descriptions
from assay.grammar.spec.resolve import LibraryIndex, resolve
from assay.grammar.spec.transform import SpecTransformer
from assay.spec.diagnostics import Parsed, sorted_diagnostics
from assay.spec.specfile import SpecFile

GRAMMAR = "spec.lark"
_BOM = "\ufeff"


class _WordsEverywhere(PostLex):
    """Lex bare words in every parser state, even where no word is expected.

    The contextual lexer otherwise offers only the expected keywords, and a keyword
    matches the start of a longer word: `format datetime` would read as `date` then
    `time`.  With WORD always on offer, Lark lexes the whole word and only turns it
    into a keyword when it equals one, so the error names `datetime`.
    """

    always_accept = ("WORD",)

    def process(self, stream: Iterator[Token]) -> Iterator[Token]:
        return stream


def build_parser(*, strict: bool = False, use_cache: bool = True) -> Lark:
    """A new LALR parser for ``spec.lark``.

    ``strict=True`` turns grammar conflicts and terminal collisions into errors; it
    needs ``lark[interegular]``, so only the tests ask for it.
    """
    return Lark.open_from_package(
        "assay.grammar.spec",
        GRAMMAR,
        parser="lalr",
        lexer="contextual",
        propagate_positions=True,
        maybe_placeholders=True,
        postlex=_WordsEverywhere(),
        strict=strict,
        cache=cache_file("spec") if use_cache else False,
    )


@cache
def _parser() -> tuple[Lark, dict[str, str]]:
    """The process-wide parser and how its terminals read in messages."""
    parser = build_parser()
    literals = {
        t.name: t.pattern.value for t in parser.terminals if isinstance(t.pattern, PatternStr)
    }
    return parser, terminal_descriptions(literals)


def parse_spec_with(text: str, path: str, libraries: LibraryIndex) -> Parsed[SpecFile]:
    """Read one spec whose ``use`` and ``extends`` lines resolve in ``libraries``.
    Never raises on bad input.

    Returns the ``SpecFile`` when the spec has no errors; otherwise ``value`` is None
    and ``diagnostics`` holds every problem found (``SPC001`` alone when the text does
    not parse, else all the ``SPC002``... findings at once).  Spans are byte-exact for
    ``text`` encoded as UTF-8, a leading BOM included.
    """
    prefix = 0
    if text.startswith(_BOM):
        text, prefix = text[1:], len(_BOM.encode())
    locator = Locator(text, prefix=prefix)
    parser, names = _parser()
    try:
        tree = parser.parse(text)
    except UnexpectedInput as error:
        return Parsed(None, (syntax_diagnostic(error, locator, path, names),))
    transformer = SpecTransformer(locator, path)
    try:
        spec = transformer.transform(tree)
    except VisitError as error:
        # A bug in a transformer method, not bad input: surface the real exception.
        raise error.orig_exc from None
    problems = [*transformer.diagnostics, *resolve(spec, libraries)]
    if problems:
        return Parsed(None, sorted_diagnostics(problems))
    return Parsed(spec)
