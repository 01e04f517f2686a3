"""`Model`: every attrs class of assay shares one `__repr__`, and it writes what attrs would."""

from __future__ import annotations

import functools
import importlib
import pkgutil
from typing import Any

import attrs
import pytest
from hypothesis import given, settings

import assay
from assay import parse_document
from assay.spec.model import Model, model_repr
from assay.spec.source import Span
from tests.grammar.markdown_strategies import documents_with_front_matter


def _attrs_classes() -> list[type]:
    found: dict[str, type] = {}
    for module in pkgutil.walk_packages(assay.__path__, "assay."):
        if module.name.endswith("__main__"):
            continue  # running it is the command
        loaded = importlib.import_module(module.name)
        for value in vars(loaded).values():
            if isinstance(value, type) and attrs.has(value) and value.__module__ == module.name:
                found[f"{value.__module__}.{value.__qualname__}"] = value
    return [found[name] for name in sorted(found)]


CLASSES = _attrs_classes()


def test_the_package_has_its_models() -> None:
    assert len(CLASSES) >= 90  # the walk found them, or the next test proves nothing


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.__qualname__)
def test_every_attrs_class_shares_the_one_repr(cls: type) -> None:
    """No class pays for a compiled `__repr__` (5.9 % of a pre-commit run's work when
    they did)."""
    assert issubclass(cls, Model)
    assert cls.__repr__ is model_repr  # type: ignore[comparison-overlap]


def _attrs_repr(value: Any) -> str:
    """What attrs itself writes for ``value``: a twin class, its repr generated."""
    fields = attrs.fields(type(value))
    twin = _twin(type(value))
    return repr(twin(**{f.name: getattr(value, f.name) for f in fields}))


@functools.cache
def _twin(cls: type) -> type:
    """The twin of ``cls`` whose ``__repr__`` attrs generates (made once per class:
    building a class is most of what the comparison costs)."""
    return attrs.make_class(
        cls.__name__,
        {f.name: attrs.field(repr=f.repr) for f in attrs.fields(cls)},
        frozen=True,
        slots=True,
    )


def _models(value: Any) -> list[Any]:
    """``value`` and every model inside it, depth first."""
    found, stack = [], [value]
    while stack:
        item = stack.pop()
        if attrs.has(type(item)):
            found.append(item)
            stack.extend(getattr(item, f.name) for f in attrs.fields(type(item)))
        elif isinstance(item, (tuple, list)):
            stack.extend(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
    return found


@settings(max_examples=min(settings().max_examples, 500))
@given(documents_with_front_matter())
def test_models_read_as_attrs_would_write_them(text: str) -> None:
    document = parse_document(text, "docs/adr/0001-x.md").value
    for model in _models(document):
        assert repr(model) == _attrs_repr(model)


def test_a_field_hidden_from_repr_stays_hidden() -> None:
    @attrs.frozen
    class Shown(Model):
        kept: int
        hidden: int = attrs.field(repr=False)
        custom: int = attrs.field(default=7, repr=lambda v: f"<{v}>")

    value = Shown(1, 2)
    assert repr(value) == "Shown(kept=1, custom=<7>)" == _attrs_repr(value)
    assert repr(Span(0, 3, 1, 1, 1, 4)) == _attrs_repr(Span(0, 3, 1, 1, 1, 4))
