"""The one cattrs converter: models to JSON-ready values and back.

Validation belongs to the edges: structuring forbids unknown keys, and unions of
models are tagged by a ``kind`` key so JSON readers never guess.  Each model module
that defines a union lists it in a module-level ``UNIONS`` mapping
(``{union: {tag: class}}``); the converter and the JSON Schema generator both read
those mappings, so they always agree on the tags.
"""

from __future__ import annotations

import importlib
from functools import cache
from typing import Any

from cattrs.preconf.json import JsonConverter, make_converter
from cattrs.strategies import configure_tagged_union

#: Model modules whose ``UNIONS`` the converter registers.
MODEL_MODULES = ("assay.spec.document", "assay.spec.specfile", "assay.spec.reading")


def tagged_unions() -> dict[Any, dict[str, type]]:
    """Every union of models, mapped to ``{tag: class}``."""
    unions: dict[Any, dict[str, type]] = {}
    for name in MODEL_MODULES:
        unions.update(getattr(importlib.import_module(name), "UNIONS", {}))
    return unions


@cache
def converter() -> JsonConverter:
    """The converter every serialization goes through."""
    conv = make_converter(forbid_extra_keys=True, omit_if_default=False)
    for union, members in tagged_unions().items():
        tags: dict[type, str] = {cls: tag for tag, cls in members.items()}
        configure_tagged_union(union, conv, tag_generator=tags.__getitem__, tag_name="kind")
    return conv


def to_json_value(model: Any) -> Any:
    """A model as plain JSON values (dicts, lists, strings, numbers)."""
    return converter().unstructure(model)


def from_json_value(value: Any, cls: Any) -> Any:
    """A model from plain JSON values; raises cattrs' ``ClassValidationError``."""
    return converter().structure(value, cls)
