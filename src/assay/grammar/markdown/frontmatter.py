"""YAML front matter, with the line positions of its keys."""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Callable
from typing import Any

from assay.grammar.locate import Locator
from assay.grammar.markdown.frontmatter_loader import loader_class, refused_by_tag
from assay.spec.diagnostics import Diagnostic
from assay.spec.document import FrontMatter, FrontMatterEntry
from assay.spec.rules.documents import DOC006


def front_matter_lines(locator: Locator) -> int:
    """How many lines the front matter takes (its ``---`` lines included), 0 if none."""
    text, starts = locator.text, locator.line_starts
    if not text.startswith("---"):
        return 0
    first = _line(text, starts, 0)
    if first.rstrip(" \t") != "---":
        return 0
    for index in range(1, len(starts)):
        if _line(text, starts, index).rstrip(" \t") in ("---", "..."):
            return index + 1
    return 0


def _line(text: str, starts: list[int], index: int) -> str:
    end = starts[index + 1] if index + 1 < len(starts) else len(text)
    return text[starts[index] : end].rstrip("\r\n")


def _json(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _json(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set)):
        return [_json(v) for v in value]
    if isinstance(value, (dt.date, dt.datetime)):
        return value.isoformat()
    if isinstance(value, float) and (value != value or value in (math.inf, -math.inf)):
        # JSON has no NaN or infinity: keep YAML's spelling as text.
        return ".nan" if value != value else (".inf" if value > 0 else "-.inf")
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    return str(value)


def read_front_matter(
    locator: Locator, lines: int, path: str
) -> tuple[FrontMatter | None, list[Diagnostic]]:
    """Parse the first ``lines`` lines as front matter."""
    starts = locator.line_starts
    body_start = starts[1]
    body_end = starts[lines - 1]
    end = starts[lines] if lines < len(starts) else len(locator.text)
    while end > 0 and locator.text[end - 1] in "\r\n":
        end -= 1
    span = locator.span(0, end)
    source = locator.text[body_start:body_end]
    import yaml  # only documents with front matter pay for PyYAML's import

    loader = loader_class()(source)
    try:
        node = loader.get_single_node()
        if node is None:
            return FrontMatter(span, ()), []
        if not isinstance(node, yaml.MappingNode):
            mark = node.start_mark
            return None, [
                _problem(
                    locator,
                    path,
                    1 + mark.line,
                    mark.column,
                    "front matter must be a mapping of keys to values",
                )
            ]
        if (deep := _too_deep(node, MAX_DEPTH)) is not None:
            mark = deep.start_mark
            message = f"front matter nests more than {MAX_DEPTH} levels deep; it is not read"
            return None, [_problem(locator, path, 1 + mark.line, mark.column, message)]
        values = 0
        for key_node, value_node in node.value:
            values += _expanded_size(value_node, MAX_VALUES)
            if values > MAX_VALUES:
                mark = key_node.start_mark
                message = (
                    f"front matter stands for more than {MAX_VALUES:,} values once its YAML "
                    "aliases are expanded (here it passes that); it is not read"
                )
                return None, [_problem(locator, path, 1 + mark.line, mark.column, message)]
        entries = []
        for key_node, value_node in node.value:
            key = loader.construct_object(key_node, deep=True)
            value = loader.construct_object(value_node, deep=True)
            first = starts[1 + key_node.start_mark.line] + key_node.start_mark.column
            last_line = 1 + value_node.end_mark.line
            last = (
                starts[last_line] + value_node.end_mark.column
                if last_line < len(starts)
                else len(locator.text)
            )
            entries.append(
                FrontMatterEntry(str(key), _json(value), locator.span(first, max(first, last)))
            )
        return FrontMatter(span, tuple(entries)), []
    except (ValueError, TypeError, OverflowError) as error:
        # A constructor refused a value YAML itself accepts (a huge exponent, say).
        return None, [
            _problem(locator, path, 1, 0, f"front matter has a value that cannot be read: {error}")
        ]
    except RecursionError:
        # The pure-Python composer (without libyaml) recurses once per level while
        # building the nodes that `_too_deep` would have measured.
        message = "front matter nests too deeply to be read"
        return None, [_problem(locator, path, 1, 0, message)]
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line, column = (1 + mark.line, mark.column) if mark is not None else (0, 0)
        detail = getattr(error, "problem", None) or str(error)
        # YAML that parses but whose value its tag refuses (`!!bool x`) is valid YAML.
        what = "has a value that cannot be read" if refused_by_tag(error) else "is not valid YAML"
        return None, [_problem(locator, path, line, column, f"front matter {what}: {detail}")]
    finally:
        loader.dispose()


#: Front matter holds a few dozen values.  YAML aliases can make a few lines stand for
#: billions (each list of nine aliases of the one before: "billion laughs"), which
#: reading into plain values would build: minutes and gigabytes for one file.
MAX_VALUES = 10_000


#: Front matter is a mapping of a few levels; reading nodes into values recurses once
#: per level, and a thousand levels (libyaml composes that many) end Python's stack.
MAX_DEPTH = 100


def _too_deep(root: Any, limit: int) -> Any:
    """The node ``limit + 1`` levels below ``root`` on its deepest path, or None when
    there is none.  Aliases count as the levels they stand for (reading follows them),
    a node that contains itself (refused later) as nothing more."""
    heights = _bottom_up(root, lambda below: 1 + max(below, default=0), missing=0)
    if heights[id(root)] <= limit + 1:
        return None
    node = root
    for _ in range(limit + 1):  # down the deepest path, to the first level too many
        node = max(_children(node), key=lambda child: heights.get(id(child), 0))
    return node


def _expanded_size(root: Any, limit: int) -> int:
    """How many values the YAML node ``root`` stands for with its aliases expanded,
    counted up to ``limit + 1``.  A node shared by aliases is counted once per use,
    but walked once; a node that contains itself (which construction refuses later)
    counts as one."""
    sizes = _bottom_up(root, lambda below: min(1 + sum(below), limit + 1), missing=1)
    return sizes[id(root)]


def _bottom_up(root: Any, combine: Callable[[list[int]], int], *, missing: int) -> dict[int, int]:
    """``combine`` of the children's values for every node below ``root``, by ``id``.

    Each node is walked once, however many aliases share it, and without recursion:
    nesting depth is the parser's to limit.  A child still being walked (a node that
    contains itself) counts as ``missing``.
    """
    values: dict[int, int] = {}
    on_path: set[int] = set()
    todo: list[tuple[Any, bool]] = [(root, False)]
    while todo:
        node, children_done = todo.pop()
        key = id(node)
        if children_done:
            on_path.discard(key)
            values[key] = combine([values.get(id(c), missing) for c in _children(node)])
        elif key not in values and key not in on_path:
            on_path.add(key)
            todo.append((node, True))
            todo.extend((child, False) for child in _children(node))
    return values


def _children(node: Any) -> list[Any]:
    value = node.value
    if not isinstance(value, list):
        return []  # a scalar
    if value and isinstance(value[0], tuple):  # a mapping's (key, value) pairs
        return [part for pair in value for part in pair]
    return value


def _problem(locator: Locator, path: str, line: int, column: int, message: str) -> Diagnostic:
    """DOC006 at ``line`` (0-based within the front matter file lines) and ``column``."""
    starts = locator.line_starts
    index = min(line, len(starts) - 1)
    offset = min(starts[index] + column, len(locator.text))
    return DOC006.diagnostic(
        message,
        path,
        locator.span(offset, offset),
    )
