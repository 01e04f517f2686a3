"""Derivations of the block grammar, remembered per token shape, within a run and across runs.

An LALR parse depends on the token types alone, and the records of one team share a
handful of shapes ("H1 RUN H2 RUN H2 RUN ..."): each shape is derived once and its
derivation replayed for every document of that shape.  A new shape is derived in one
pass (``direct_derivation``); Lark parses only what that pass does not derive, to
reject it.  The command line keeps the shapes it has met in the user's cache
directory, next to Lark's grammar cache.

The file holds one shape a line, the shape and its derivation (JSON) apart by a tab,
and is named after a digest of the grammar and assay's version (a changed grammar
never meets old derivations).  A run decodes only the lines of the shapes it meets,
and checks each before it is used: a damaged file costs a Lark parse, never a crash.
"""

from __future__ import annotations

import hashlib
import json
import os
from typing import Any

from assay.grammar.cache import cache_file

# Derivation and Step are this module's words too (``derivations.Derivation``).
from assay.grammar.markdown.direct_derivation import Derivation as Derivation
from assay.grammar.markdown.direct_derivation import Step as Step
from assay.grammar.markdown.direct_derivation import derive_directly

#: The grammar's rules (what ``blocks_parser.BlockBuilder`` builds).
RULES = frozenset(("start", "list_block", "item", "quote")) | {f"section{n}" for n in range(1, 7)}
#: Shapes kept between runs; more are parsed again, which is all they cost.  A large
#: workspace has more than a thousand (1,232 among the benchmark's 10,000 records), and
#: a line costs a run that does not meet its shape a split and a dictionary entry.
KEPT = 4096

#: Shapes remembered within a process.  Bounded: a process that reads document after
#: document (an editor's server, a long ``assay`` session) met a new shape with most
#: of them and grew by hundreds of megabytes; past the bound the shape met first goes.
MEMO_BOUND = KEPT
#: The most tokens and steps the memo holds in all.  A count alone did not bound it:
#: one shape of a 1 MB document is ~100,000 tokens and as many steps, and 4096 of them
#: would be gigabytes.  Past the bound the shapes met first go.
MEMO_TOKENS = 400_000
#: Longer shapes are not remembered (nor kept in the file): deriving one again costs
#: less than holding it, and only generated documents have them.
MEMO_LONGEST = 20_000

_memo: dict[tuple[str, ...], Derivation] = {}
#: What the file held, by shape, as text: decoded and checked only when a document of
#: that shape comes (a pre-commit run meets one or two of about a thousand).
_stored: dict[str, str] = {}
_state = {"loaded": False, "new": 0}
#: Tokens and steps the memo holds (``_size`` of each entry), kept beside it.
_held = {"size": 0}


def derivation(types: tuple[str, ...]) -> Derivation:
    """How the grammar derives a token sequence: its rules, innermost first."""
    found = _memo.get(types)
    if found is not None:
        return found
    if not _state["loaded"]:
        _state["loaded"] = True
        _stored.update(_read(_path()))
    stored = _stored.pop(" ".join(types), None)
    checked = None if stored is None else _checked(types, _decoded(stored))
    if checked is None:
        checked = derive(types)
        _state["new"] += 1
    _remember(types, checked)
    return checked


def _size(types: tuple[str, ...], steps: Derivation) -> int:
    """What a memo entry holds, counted in tokens and steps."""
    return len(types) + len(steps)


def _remember(types: tuple[str, ...], steps: Derivation) -> None:
    """Memoize a shape, within ``MEMO_BOUND`` entries and ``MEMO_TOKENS`` in all."""
    size = _size(types, steps)
    if size > MEMO_LONGEST:
        return
    if not _memo:
        _held["size"] = 0  # a fresh memo (the tests swap it) holds nothing
    while _memo and (len(_memo) >= MEMO_BOUND or _held["size"] + size > MEMO_TOKENS):
        oldest = next(iter(_memo))  # a dict keeps insertion order
        _held["size"] -= _size(oldest, _memo.pop(oldest))
    _memo[types] = steps
    _held["size"] += size


def derive(types: tuple[str, ...]) -> Derivation:
    """A token sequence's derivation: in one pass, or by Lark when that pass finds the
    sequence outside the grammar (Lark then says where)."""
    return derive_directly(types) or lark_derivation(types)


def lark_derivation(types: tuple[str, ...]) -> Derivation:
    """Parse a token sequence with Lark and list its derivation."""
    from lark import Tree

    from assay.grammar.markdown.block_grammar import parser
    from assay.grammar.markdown.scanstate import BlockToken, Scan

    tokens = [BlockToken(kind, "", 0, 1, 0, None) for kind in types]
    scan = Scan()
    scan.tokens = tokens
    tree = parser().parse(scan)
    where = {id(token): i for i, token in enumerate(tokens)}
    steps: list[Step] = []
    built: dict[int, int] = {}  # id(subtree) -> its step
    # Post-order without recursion: containers can nest as deep as a document likes.
    stack: list[tuple[Any, bool]] = [(tree, False)]
    while stack:
        node, ready = stack.pop()
        if not ready:
            stack.append((node, True))
            stack.extend((c, False) for c in reversed(node.children) if isinstance(c, Tree))
            continue
        refs = tuple(
            -1 - built[id(child)] if isinstance(child, Tree) else where[id(child)]
            for child in node.children
        )
        built[id(node)] = len(steps)
        steps.append((str(node.data), refs))
    return tuple(steps)


def save() -> None:
    """Keep the shapes met in this run (merged with what the file holds) for later runs."""
    path = _path()
    if not _state["new"] or path is None:
        return
    kept = _read(path)
    met = {" ".join(types): steps for types, steps in _memo.items()}
    for shape in met:
        kept.pop(shape, None)  # met again: it moves to the end, with the newest
    kept.update((shape, json.dumps(steps, separators=(",", ":"))) for shape, steps in met.items())
    shapes = list(kept.items())[-KEPT:]  # those met last, when there are too many
    payload = "".join(f"{shape}\t{steps}\n" for shape, steps in shapes)
    # Not through engine.files' one writer: grammar may not import engine (layers); a
    # private cache file (mkstemp's 0o600 is right here) written whole the same way.
    import tempfile  # only a run that met new shapes writes

    try:
        handle, temporary = tempfile.mkstemp(dir=os.path.dirname(path), suffix=".tmp")
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(payload)
        os.replace(temporary, path)  # readers see the old file or the new one, whole
    except OSError:
        return  # a read-only or full disk: the next run parses again
    _state["new"] = 0


def _path() -> str | None:
    base = cache_file("blocks")
    if not isinstance(base, str):
        return None
    from assay.version import __version__

    digest = hashlib.sha256(_grammar() + __version__.encode()).hexdigest()[:16]
    return os.path.join(os.path.dirname(base), f"blocks-derivations-{digest}.tsv")


def _grammar() -> bytes:
    """The block grammar's text: the file beside this module when assay is installed
    as files (importlib.resources costs a pre-commit run a few ms to import)."""
    here = os.path.join(os.path.dirname(__file__), "blocks.lark")
    if os.path.isfile(here):
        with open(here, "rb") as source:
            return source.read()
    from importlib import resources

    return resources.files("assay.grammar.markdown").joinpath("blocks.lark").read_bytes()


def _read(path: str | None) -> dict[str, str]:
    """The entries a file holds, by shape (``"H1 RUN H2"``), neither decoded nor checked."""
    if path is None:
        return {}
    try:
        with open(path, encoding="utf-8") as source:
            lines = source.read().splitlines()
    except (OSError, ValueError):
        return {}
    entries = (line.partition("\t") for line in lines)
    return {shape: steps for shape, tab, steps in entries if tab}


def _decoded(steps: str) -> Any:
    try:
        return json.loads(steps)
    except ValueError:
        return None


def _checked(types: tuple[str, ...], raw_steps: Any) -> Derivation | None:
    """A stored derivation of ``types``, if it is whole: every token and every step
    but the last (``start``) used exactly once, every reference in range."""
    try:
        steps: list[Step] = []
        used: list[int] = []
        for rule, refs in raw_steps:
            in_range = (type(r) is int and -len(steps) <= r < len(types) for r in refs)
            if rule not in RULES or not all(in_range):
                return None
            steps.append((rule, tuple(refs)))
            used.extend(refs)
    except (TypeError, ValueError, AttributeError):
        return None
    whole = sorted(used) == [*range(-len(steps) + 1, 0), *range(len(types))]
    return tuple(steps) if whole and steps and steps[-1][0] == "start" else None
