"""``format identity``: a field whose value is a source identity in ADR 097's normal
form (IDN001 checks it); a field's constraint only."""

from __future__ import annotations

from assay.grammar.spec import parse_spec


def test_a_field_takes_format_identity() -> None:
    parsed = parse_spec(
        'type b {\n    field "source.identity" required { format identity }\n}\n', "b.assay"
    )
    assert parsed.diagnostics == ()
    assert parsed.value is not None
    (field,) = parsed.value.types[0].fields
    assert field.format is not None
    assert (field.format.kind, field.format.pattern) == ("identity", None)
    assert (field.format.span.line, field.format.span.column) == (2, 40)


def test_a_title_or_section_does_not() -> None:
    title = parse_spec("type b { title required { format identity } }", "b.assay")
    section = parse_spec('type b { section "S" required { format identity } }', "b.assay")
    assert [d.code for d in title.diagnostics] == ["SPC005"]
    assert "fields only" in title.diagnostics[0].message
    assert [d.code for d in section.diagnostics] == ["SPC005"]
    assert "does not apply to a section" in section.diagnostics[0].message
