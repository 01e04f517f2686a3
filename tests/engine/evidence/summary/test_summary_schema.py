"""`assay schema summary` prints the schema summary_json is checked against."""

from __future__ import annotations

import json

import jsonschema
import pytest

from assay.cli import main
from assay.cli.exit_codes import EXIT_OK
from assay.spec.evaluation_summary import summary_schema


def test_assay_schema_summary(capsys: pytest.CaptureFixture[str]) -> None:
    """The command prints the same schema, and it is a valid draft 2020-12 schema."""
    assert main(["schema", "summary"]) == EXIT_OK
    printed = json.loads(capsys.readouterr().out)
    assert printed == summary_schema()
    jsonschema.Draft202012Validator.check_schema(printed)
    assert printed["$id"].endswith("/summary-v2.json")


def test_the_schema_refuses_what_is_not_a_summary() -> None:
    """An unknown key or a missing section is invalid: the schema is closed."""
    validator = jsonschema.Draft202012Validator(summary_schema())
    assert not validator.is_valid({"version": 1})
