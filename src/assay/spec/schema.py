"""JSON Schemas of the public shapes, generated from the models themselves.

Generating them from the attrs classes (and the converter's tagged unions) means the
schema cannot drift from what ``assay … --json`` prints; the tests then validate real
output against them, which catches the converter and the schema disagreeing.
"""

from __future__ import annotations

import types
import typing
from typing import Any

import attrs

from assay.spec.convert import tagged_unions

#: ``attrs`` field metadata key: the field was added to its shape without a new
#: version (assay still always writes it; older output lacks it).
ADDED_IN_VERSION = "assay_added_in_version"

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"


class _Builder:
    def __init__(self) -> None:
        self.defs: dict[str, Any] = {}
        self.unions = tagged_unions()
        self.tags: dict[str, str] = {}  # model name -> its tag, added once all are built

    def of(self, tp: Any) -> dict[str, Any]:
        origin = typing.get_origin(tp)
        if tp is Any:
            return {}
        if tp is type(None) or tp is None:
            return {"type": "null"}
        if tp is str:
            return {"type": "string"}
        if tp is bool:
            return {"type": "boolean"}
        if tp is int:
            return {"type": "integer"}
        if tp is float:
            return {"type": "number"}
        if tp in self.unions:
            return self.union(tp)
        if origin is typing.Literal:
            return {"enum": list(typing.get_args(tp))}
        if origin in (typing.Union, types.UnionType):
            options = [self.of(arg) for arg in typing.get_args(tp)]
            return {"anyOf": options}
        if origin is tuple:
            args = typing.get_args(tp)
            if len(args) == 2 and args[1] is Ellipsis:
                return {"type": "array", "items": self.of(args[0])}
            return {
                "type": "array",
                "prefixItems": [self.of(a) for a in args],
                "minItems": len(args),
                "maxItems": len(args),
            }
        if origin is dict:
            _key, value = typing.get_args(tp)
            return {"type": "object", "additionalProperties": self.of(value)}
        if attrs.has(tp):
            return self.model(tp)
        raise TypeError(f"no JSON Schema for {tp!r}")

    def model(self, cls: type, tag: str | None = None) -> dict[str, Any]:
        name = cls.__name__ if tag is None else f"{cls.__name__}"
        if name not in self.defs:
            self.defs[name] = {}  # placeholder: recursion stops here
            hints = typing.get_type_hints(cls)
            properties: dict[str, Any] = {}
            required: list[str] = []
            for field in attrs.fields(cls):
                properties[field.name] = self.of(hints[field.name])
                # A field added to a shape within its version is optional in the
                # schema, so output of the same version without it still validates.
                if not field.metadata.get(ADDED_IN_VERSION):
                    required.append(field.name)
            schema: dict[str, Any] = {
                "type": "object",
                "properties": properties,
                "required": required,
                "additionalProperties": False,
            }
            if cls.__doc__:
                schema["description"] = " ".join(cls.__doc__.split())
            self.defs[name] = schema
        return {"$ref": f"#/$defs/{name}"}

    def union(self, union: Any) -> dict[str, Any]:
        options = []
        for tag, cls in self.unions[union].items():
            ref = self.model(cls)
            options.append(
                {"allOf": [ref], "properties": {"kind": {"const": tag}}, "required": ["kind"]}
            )
            self.tags[cls.__name__] = tag
        return {"oneOf": options}


def schema_for(cls: type, *, title: str, identifier: str) -> dict[str, Any]:
    """The JSON Schema of a model class, with every nested model under ``$defs``."""
    builder = _Builder()
    root = builder.of(cls)
    for model, tag in builder.tags.items():
        # the tagged form carries "kind" on top of the model's own fields
        builder.defs[model]["properties"]["kind"] = {"const": tag}
    name = root["$ref"].rsplit("/", 1)[1]
    schema: dict[str, Any] = {"$schema": SCHEMA_DIALECT, "$id": identifier, "title": title}
    schema.update(builder.defs.pop(name))
    schema["$defs"] = dict(sorted(builder.defs.items()))
    # A root model that refers to itself needs its own definition too.
    text = repr(schema["$defs"]) + repr(schema.get("properties"))
    if f"#/$defs/{name}'" in text:
        schema["$defs"][name] = {
            k: v for k, v in schema.items() if not k.startswith("$") and k != "title"
        }
    return schema
