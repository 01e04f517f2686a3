"""Finding a protocol by name: the user's specs first, then the built-in libraries."""

from __future__ import annotations

from pathlib import Path

import pytest

from assay.engine.cache.keys import store_path
from assay.engine.traces import protocol_cache
from assay.engine.traces.protocols import builtin_protocols, protocol_in_workspace, protocol_named
from assay.engine.workspace.config import load_config
from assay.errors import UsageError
from assay.grammar.spec import parse_spec
from tests.counting import count_calls

OWN = "protocol consultation {\n    tool recall_memory by main\n}\n"


def test_the_builtin_consultation_protocol() -> None:
    """`consultation` is built in, read from the consultation library."""
    protocol = protocol_named("consultation")
    assert protocol.path == "<assay>/library/consultation.assay"
    assert [p.name for p in builtin_protocols()] == ["consultation"]


def test_a_user_protocol_wins_over_the_builtin_one() -> None:
    """A team redeclaring `consultation` gets its own."""
    spec = parse_spec(OWN, "assay/own.assay").value
    assert spec is not None
    assert protocol_named("consultation", [spec]).path == "assay/own.assay"


def test_an_unknown_protocol_is_a_usage_error_naming_the_known_ones() -> None:
    """The message lists the protocols there are, with the closest as a hint."""
    with pytest.raises(UsageError, match=r"no protocol `consultaton`.*consultation.*did you mean"):
        protocol_named("consultaton")


def _workspace(tmp_path: Path, spec: bytes) -> Path:
    (tmp_path / "assay.toml").write_text('specs = ["assay/*.assay"]\n')
    (tmp_path / "assay").mkdir()
    (tmp_path / "assay" / "own.assay").write_bytes(spec)
    return tmp_path


def test_protocol_in_workspace_reads_the_configured_specs(tmp_path: Path) -> None:
    """The workspace's spec files declare protocols too."""
    config = load_config(_workspace(tmp_path, OWN.encode()))
    found = protocol_in_workspace("consultation", config)
    assert found.value is not None and found.value.path == "assay/own.assay"
    assert found.diagnostics == ()


def test_a_spec_error_comes_back_located_with_no_protocol(tmp_path: Path) -> None:
    """A protocol naming an undeclared tool is SPC002 at its file, line and column."""
    config = load_config(_workspace(tmp_path, b"protocol p {\n    route r opens with nothing\n}\n"))
    found = protocol_in_workspace("p", config)
    assert found.value is None
    assert [(d.code, d.path, d.span.line, d.span.column) for d in found.diagnostics] == [
        ("SPC002", "assay/own.assay", 2, 24)
    ]


def test_an_unreadable_spec_is_a_located_spec_error(tmp_path: Path) -> None:
    """A spec that is not UTF-8 is SPC001 at its start, never a traceback."""
    config = load_config(_workspace(tmp_path, b"protocol p {\xff}\n"))
    found = protocol_in_workspace("consultation", config)
    assert found.value is None
    assert [(d.code, d.path, d.span.line) for d in found.diagnostics] == [
        ("SPC001", "assay/own.assay", 1)
    ]


def test_the_protocols_are_kept_until_a_spec_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A second look-up with nothing changed parses no spec (the protocol cache,
    ``engine/traces/protocol_cache.py``); an edited spec is read again at once."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("ASSAY_NO_CACHE", raising=False)
    (tmp_path / "w").mkdir()
    root = _workspace(tmp_path / "w", OWN.encode())
    parses = count_calls(monkeypatch, protocol_cache, "parse_spec_sources")
    first = protocol_in_workspace("consultation", load_config(root))
    again = protocol_in_workspace("consultation", load_config(root))
    assert parses == [1]
    assert again == first and again.value is not None and again.value.path == "assay/own.assay"
    (root / "assay" / "own.assay").write_text(OWN.replace("by main", "by participant"))
    changed = protocol_in_workspace("consultation", load_config(root))
    assert parses == [1, 1]
    assert changed.value is not None and changed.value != first.value


def test_a_warm_trace_check_imports_no_parser(tmp_path: Path) -> None:
    """What the cache is for: ``assay trace check`` run again does not import Lark."""
    import os
    import subprocess
    import sys

    root = tmp_path / "w"
    root.mkdir()
    line = '{"sequence": 0, "actor": "user", "kind": "event", "name": "user_message"}\n'
    (root / "s.jsonl").write_text(line)
    probe = (
        "import sys\nfrom assay.cli import main\n"
        "code = main(['trace', 'check', 's.jsonl'])\n"
        "print('lark' in sys.modules, code, file=sys.stderr)\n"
    )
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}
    env.pop("ASSAY_NO_CACHE", None)
    runs = [
        subprocess.run([sys.executable, "-c", probe], cwd=root, env=env,
                       capture_output=True, text=True, check=False).stderr.strip()
        for _ in range(2)
    ]  # fmt: skip
    assert runs == ["True 0", "False 0"]


@pytest.mark.parametrize("kept", [b"not a database", b"SQLite format 3\x00" + bytes(200), None])
def test_a_store_that_cannot_be_trusted_is_read_past(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kept: bytes | None
) -> None:
    """A damaged or foreign store (or none) holds no protocol: the specs are parsed
    again, and the store made afresh and private holds what they say."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("ASSAY_NO_CACHE", raising=False)
    (tmp_path / "w").mkdir()
    root = _workspace(tmp_path / "w", OWN.encode())
    path = store_path(root)
    assert path is not None
    path.parent.mkdir(parents=True, exist_ok=True)
    if kept is not None:
        path.write_bytes(kept)
    parses = count_calls(monkeypatch, protocol_cache, "parse_spec_sources")
    found = protocol_in_workspace("consultation", load_config(root))
    assert found.value is not None and found.value.path == "assay/own.assay"
    again = protocol_in_workspace("consultation", load_config(root))
    assert parses == [1] and again == found  # the second from the store made afresh
    assert path.stat().st_mode & 0o777 == 0o600
