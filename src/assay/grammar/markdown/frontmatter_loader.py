"""The YAML loader front matter is read with: PyYAML's safe loader, made total.

PyYAML's safe constructors trust a scalar's tag: ``!!bool x`` looks ``x`` up in a
table (KeyError), ``!!float`` with no value takes its first character (IndexError),
``!!timestamp x`` uses a regular expression's match without checking it
(AttributeError).  An implicitly tagged scalar cannot go wrong, because the resolver
only gives it the tag when it matches the tag's pattern; an explicit tag skips that.
So every explicitly tagged core scalar is checked against its own tag's pattern here,
and a mismatch is a ``ConstructorError`` at the scalar: a located DOC006, the same as
any other YAML that cannot be read.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from typing import Any, cast

_CORE = "tag:yaml.org,2002:"
#: What ``!!float`` takes besides the float pattern: decimal integers, sexagesimal too.
_DECIMAL_FLOAT = r"[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])*"


#: The context of every error a tag check raises: it tells them from YAML that is invalid.
_CONTEXT = "while reading a value tagged !!"


def refused_by_tag(error: Exception) -> bool:
    """True for the error of a scalar its explicit tag refuses (valid YAML, unreadable)."""
    return str(getattr(error, "context", "")).startswith(_CONTEXT)


@cache
def loader_class() -> type:
    """A safe YAML loader that leaves dates as written and checks explicit tags.

    YAML would turn ``date: 2021-02-30`` into an exception and ``2024-05-01`` into a
    date object; a decision record's date is checked by its type (an impossible date is
    a finding at the value, not a crash), so timestamps stay strings, tagged or not.
    """
    import yaml

    # libyaml is much faster; the pure-Python loader reads the same YAML.
    base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    patterns: dict[str, re.Pattern[str]] = {}
    for entries in base.yaml_implicit_resolvers.values():
        for tag, regexp in entries:
            patterns.setdefault(tag, regexp)
    resolvers = {
        first: [(tag, regexp) for tag, regexp in entries if tag != _CORE + "timestamp"]
        for first, entries in base.yaml_implicit_resolvers.items()
    }
    loader: Any = type("FrontMatterLoader", (base,), {"yaml_implicit_resolvers": resolvers})
    constructors = base.yaml_constructors
    for name in ("bool", "int", "float", "null", "timestamp"):
        tag = _CORE + name
        accepted = [patterns[tag]]
        if name == "float":
            # `!!float 1` is 1.0: a float tag may stand on an integer written in decimal.
            accepted.append(re.compile(rf"^(?:{_DECIMAL_FLOAT})$"))
        construct = (
            yaml.constructor.SafeConstructor.construct_scalar
            if name == "timestamp"
            else constructors[tag]
        )
        loader.add_constructor(tag, _checked(name, tuple(accepted), construct))
    return cast(type, loader)


def _checked(
    name: str, accepted: tuple[re.Pattern[str], ...], construct: Callable[[Any, Any], Any]
) -> Callable[[Any, Any], Any]:
    """``construct`` for ``!!name``, run only on a scalar one of ``accepted`` matches;
    whatever it still refuses (``!!int 0b_``: no digits) is a located error too."""
    import yaml

    def constructor(loader: Any, node: Any) -> Any:
        def refuse(problem: str) -> yaml.constructor.ConstructorError:
            return yaml.constructor.ConstructorError(
                _CONTEXT + name, node.start_mark, problem, node.start_mark
            )

        if not isinstance(node, yaml.ScalarNode):
            raise refuse(f"!!{name} stands on a scalar, not a {node.id}")
        if not any(pattern.match(node.value) for pattern in accepted):
            raise refuse(f"{node.value[:40]!r} is not a valid !!{name}")
        try:
            value = construct(loader, node)
            if isinstance(value, int) and not isinstance(value, bool):
                # Python writes an integer of more than 4,300 digits only when asked to:
                # `0x` and 4,000 digits is valid YAML and would fail every report.
                str(value)
        except (ValueError, IndexError, KeyError, OverflowError) as error:
            raise refuse(f"{node.value[:40]!r} cannot be read as !!{name}: {error}") from None
        return value

    return constructor
