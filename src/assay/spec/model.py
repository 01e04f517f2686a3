"""The base of assay's attrs classes: one ``__repr__`` shared by all of them."""

from __future__ import annotations

from typing import Any


class Model:
    """Derive every attrs class from this, as ``@frozen class Span(Model)``.

    attrs compiles a ``__repr__`` for each class it builds, a third of what building
    one costs; with some ninety classes, the warm pre-commit run in 10,000 records
    executes 5.9 % more instructions with them (2,191.7 M against 2,070.6 M under
    callgrind), and that budget has no room.  A class derived from ``Model`` gets
    ``model_repr`` in its own namespace when the class statement runs, attrs finds it
    there (its ``auto_detect``) and generates none.  The text is the one attrs would
    write.
    """

    __slots__ = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "__repr__" not in cls.__dict__:
            cls.__repr__ = model_repr  # type: ignore[method-assign]


def model_repr(self: Any) -> str:
    """``Name(field=value, ...)`` over the fields shown in a repr, as attrs writes it."""
    shown = []
    for field in self.__attrs_attrs__:
        how = field.repr
        if how is False:
            continue
        value = getattr(self, field.name)
        shown.append(f"{field.name}={value!r}" if how is True else f"{field.name}={how(value)}")
    name = type(self).__qualname__.rsplit(">.", 1)[-1]
    return f"{name}({', '.join(shown)})"
