"""`assay.api.pins.check_pins`: the whole of `assay pin`, in a real git repository."""

from __future__ import annotations

from pathlib import Path

import pytest

from assay.api import SpecError, pins
from tests.cli.pin_repo import GUIDE, make_repo, sha

SPEC = 'declaration testing version 1 {\n    primary "guides/testing.md" sha256 "%s"\n}\n'


def test_holding_pins_report_nothing(tmp_path: Path) -> None:
    """Every pin `ok`; no diagnostic; the report is over the spec file."""
    root = make_repo(tmp_path / "repo", SPEC % sha(GUIDE))
    checked = pins.check_pins(root)
    assert [r.status for r in checked.results] == ["ok"]
    assert (checked.diagnostics, checked.written) == ((), ())
    assert checked.specs == ("assay/context.assay",) == checked.report.files


def test_drift_is_pin001_and_write_renews_then_verifies_again(tmp_path: Path) -> None:
    """Without `write` nothing changes; with it the digest is renewed and the pin holds."""
    root = make_repo(tmp_path / "repo", SPEC % sha(GUIDE))
    spec = root / "assay" / "context.assay"
    changed = GUIDE + b"Lint with `make lint`.\n"
    (root / "guides" / "testing.md").write_bytes(changed)
    drifted = pins.check_pins(root)
    assert [d.code for d in drifted.diagnostics] == ["PIN001"]
    assert drifted.diagnostics[0].path == "assay/context.assay"
    assert spec.read_text() == SPEC % sha(GUIDE)

    renewed = pins.check_pins(root, write=True)
    assert renewed.written == ("assay/context.assay",)
    assert ([r.status for r in renewed.results], renewed.diagnostics) == (["ok"], ())
    assert spec.read_text() == SPEC % sha(changed)


def test_a_spec_error_raises_spec_error(tmp_path: Path) -> None:
    """Nothing is verified: the diagnostics come with the error."""
    root = make_repo(tmp_path / "repo", "declaration testing version {\n")
    with pytest.raises(SpecError) as raised:
        pins.check_pins(root)
    assert {d.code[:3] for d in raised.value.diagnostics} == {"SPC"}


def test_a_spec_that_cannot_be_written_is_digests_not_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The disk's refusal is named; nothing is verified again."""
    root = make_repo(tmp_path / "repo", SPEC % ("0" * 64))

    def refuse(*_args: object) -> tuple[str, ...]:
        raise PermissionError(13, "Permission denied", "assay/context.assay")

    monkeypatch.setattr(pins, "renew", refuse)
    with pytest.raises(pins.DigestsNotWritten, match=r"^cannot write the digests: .*denied"):
        pins.check_pins(root, write=True)
