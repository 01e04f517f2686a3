"""The block grammar's derivations in one pass over the token types, without Lark.

``blocks.lark`` is small: containers nest by their ``*_OPEN``/``*_CLOSE`` tokens, and
outside containers a heading opens a section that holds everything up to the next
heading of the same or a higher level.  Lark's LALR parser took about 10 µs a token
to say so (a second for a document of 100,000 tiny blocks met for the first time);
this pass says the same in a fraction of that.

It gives exactly the steps Lark's tree gives, innermost first (post-order), each with
its children's references as ``derivations`` lists them.  A sequence the grammar does
not derive gives None, and Lark is left to reject it in its own words.  The tests hold
the two equal (``tests/grammar/test_direct_derivation.py``); the grammar stays the
definition.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from assay.grammar.derivations import Derivation, Step

_OPENS = {"LIST_OPEN": "list_block", "ITEM_OPEN": "item", "QUOTE_OPEN": "quote"}
_CLOSES = {"LIST_CLOSE": "list_block", "ITEM_CLOSE": "item", "QUOTE_CLOSE": "quote"}
_LEVELS = {f"H{n}": n for n in range(1, 7)}
#: What may stand in each place, by the grammar: outside containers (``start`` and
#: the sections: ``_block``), in an item or a quote (``_inner``), in a list.
_IN_FLOW = frozenset(("RUN", "LIST_OPEN", "QUOTE_OPEN"))
_IN_CONTAINER = _IN_FLOW | _LEVELS.keys()
_IN_LIST = frozenset(("ITEM", "ITEM_OPEN"))


class _Open:
    """A rule being derived: its name and its children's references so far."""

    __slots__ = ("refs", "rule")

    def __init__(self, rule: str, first: int) -> None:
        self.rule = rule
        self.refs = [first]


def derive_directly(types: tuple[str, ...]) -> Derivation | None:
    """How the grammar derives ``types``; None when it does not."""
    steps: list[Step] = []
    top: list[int] = []  # the children of ``start``
    sections: list[tuple[int, list[int]]] = []  # open sections (level, refs), outermost first
    containers: list[_Open] = []  # open lists, items and quotes, outermost first

    def finish(rule: str, refs: list[int]) -> int:
        steps.append((rule, tuple(refs)))
        return -len(steps)  # the reference to what this step built

    def flow() -> list[int]:
        """Where a block outside containers goes: the innermost open section, or start."""
        return sections[-1][1] if sections else top

    for index, kind in enumerate(types):
        if containers:
            node = containers[-1]
            allowed = _IN_LIST if node.rule == "list_block" else _IN_CONTAINER
            if _CLOSES.get(kind) == node.rule:
                if len(node.refs) == 1 and node.rule == "list_block":
                    return None  # a list of no items
                node.refs.append(index)
                containers.pop()
                built = finish(node.rule, node.refs)
                (containers[-1].refs if containers else flow()).append(built)
                continue
            if kind not in allowed:
                return None
            if kind in _OPENS:
                containers.append(_Open(_OPENS[kind], index))
            else:
                node.refs.append(index)
            continue
        level = _LEVELS.get(kind)
        if level is not None:
            while sections and sections[-1][0] >= level:
                closed, refs = sections.pop()
                flow().append(finish(f"section{closed}", refs))
            sections.append((level, [index]))
        elif kind not in _IN_FLOW:
            return None
        elif kind in _OPENS:
            containers.append(_Open(_OPENS[kind], index))
        else:
            flow().append(index)
    if containers:
        return None  # a container never closed
    while sections:
        closed, refs = sections.pop()
        flow().append(finish(f"section{closed}", refs))
    finish("start", top)
    return tuple(steps)
