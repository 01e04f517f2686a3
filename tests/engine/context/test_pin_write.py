"""``pin_write.edit``: only digests change, every other byte of the spec stays (property),
and a spec that changed since it was parsed is refused."""

from __future__ import annotations

import hashlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assay.engine.context.pin_write import SpecChanged, edit
from assay.engine.workspace.declarations import Declared
from assay.engine.workspace.pin_results import PinResult
from assay.grammar.spec import parse_spec

NEW = hashlib.sha256(b"new").hexdigest()
OLD = hashlib.sha256(b"old").hexdigest()

comments = st.text(
    st.characters(blacklist_categories=("Cs", "Cc"), blacklist_characters="\u2028\u2029\x85"),
    max_size=20,
)
gaps = st.sampled_from([" ", "  ", "\t", "\n    ", "\r\n\t"])


def _results(text: str) -> list[PinResult]:
    parsed = parse_spec(text, "assay/x.assay")
    assert parsed.value is not None, parsed.diagnostics
    [decl] = parsed.value.declarations
    declared = Declared(path="assay/x.assay", declaration=decl)
    return [
        PinResult(declaration=declared, source=s, status="mismatch", actual=NEW)
        for s in decl.sources
    ]


@given(comment=comments, gap=gaps, pinned=st.booleans())
def test_only_the_digest_changes(comment: str, gap: str, pinned: bool) -> None:
    """Property: comments (any text, multi-byte too), spacing and line endings around
    the statement stay byte for byte; a literal is replaced, a missing one added once;
    editing the result again changes nothing."""
    digest = f'{gap}sha256{gap}"{OLD}"' if pinned else ""
    text = (
        f'# {comment}\ndeclaration d version 1 {{{gap}primary{gap}"a.md"{gap}lines 1..2'
        f"{digest}{gap}# {comment}\n}}\n"
    )
    raw = text.encode()
    out = edit(raw, _results(text), "assay/x.assay")
    if pinned:
        assert out == raw.replace(OLD.encode(), NEW.encode())
    else:
        assert out.replace(f' sha256 "{NEW}"'.encode(), b"", 1) == raw
        assert out.count(NEW.encode()) == 1
    assert edit(out, _results(out.decode()), "assay/x.assay") == out


def test_a_spec_that_changed_since_it_was_parsed_is_not_edited() -> None:
    text = f'declaration d version 1 {{\n    primary "a.md" sha256 "{OLD}"\n}}\n'
    results = _results(text)
    with pytest.raises(SpecChanged):
        edit(text.replace(OLD, "f" * 64).encode(), results, "assay/x.assay")
