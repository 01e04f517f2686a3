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

#: One step of a derivation: a rule, and where its children come from (an index into
#: the tokens, or ``-1 - k`` for what step ``k`` built).
Step = tuple[str, tuple[int, ...]]
Derivation = tuple[Step, ...]

_OPENS = {"LIST_OPEN": "list_block", "ITEM_OPEN": "item", "QUOTE_OPEN": "quote"}
_CLOSES = {"LIST_CLOSE": "list_block", "ITEM_CLOSE": "item", "QUOTE_CLOSE": "quote"}
_LEVELS = {f"H{n}": n for n in range(1, 7)}
#: What may stand in a container, by the grammar: in an item or a quote (``_inner``),
#: in a list.  Outside containers (``_block``): ``RUN``, ``LIST_OPEN``, ``QUOTE_OPEN``.
_IN_CONTAINER = frozenset(("RUN", "LIST_OPEN", "QUOTE_OPEN", *_LEVELS))
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
    here = top  # where a block outside containers goes: the innermost section, or start
    levels = _LEVELS
    for index, kind in enumerate(types):
        if containers:
            if not _in_container(containers, kind, index, steps, here):
                return None
            continue
        level = levels.get(kind)
        if level is not None:
            while sections and sections[-1][0] >= level:
                _close_section(sections, steps, top)
            sections.append((level, [index]))
            here = sections[-1][1]
        elif kind == "RUN":
            here.append(index)
        elif kind in _OPENS and kind != "ITEM_OPEN":
            containers.append(_Open(_OPENS[kind], index))
        else:
            return None
    if containers:
        return None  # a container never closed
    while sections:
        _close_section(sections, steps, top)
    steps.append(("start", tuple(top)))
    return tuple(steps)


def _close_section(
    sections: list[tuple[int, list[int]]], steps: list[Step], top: list[int]
) -> None:
    """The innermost open section is whole: a step, and a child of what holds it."""
    level, refs = sections.pop()
    steps.append((f"section{level}", tuple(refs)))
    (sections[-1][1] if sections else top).append(-len(steps))


def _in_container(
    containers: list[_Open], kind: str, index: int, steps: list[Step], here: list[int]
) -> bool:
    """Token ``index`` inside the innermost open container; False where the grammar
    has no place for it.  A closed container becomes a child of what holds it."""
    node = containers[-1]
    if _CLOSES.get(kind) == node.rule:
        if len(node.refs) == 1 and node.rule == "list_block":
            return False  # a list of no items
        node.refs.append(index)
        containers.pop()
        steps.append((node.rule, tuple(node.refs)))
        (containers[-1].refs if containers else here).append(-len(steps))
        return True
    if kind not in (_IN_LIST if node.rule == "list_block" else _IN_CONTAINER):
        return False
    if kind in _OPENS:
        containers.append(_Open(_OPENS[kind], index))
    else:
        node.refs.append(index)
    return True
