"""A config past its size or key-depth bound is a located error before TOML is parsed."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from assay.engine.workspace.config import ConfigError, load_config
from assay.engine.workspace.config_bounds import MAX_CONFIG_BYTES, MAX_KEY_PARTS


def _config(tmp_path: Path, data: bytes) -> Path:
    (tmp_path / ".git").mkdir(exist_ok=True)
    (tmp_path / "assay.toml").write_bytes(data)
    return tmp_path


def _refusal(tmp_path: Path, data: bytes, monkeypatch: pytest.MonkeyPatch) -> ConfigError:
    """The error loading ``data`` raises, with tomllib made to fail if it is reached."""

    def never(*_: object, **__: object) -> None:
        raise AssertionError("tomllib read a config past its bounds")

    monkeypatch.setattr(tomllib, "loads", never)
    monkeypatch.setattr(tomllib, "load", never)
    with pytest.raises(ConfigError) as raised:
        load_config(_config(tmp_path, data))
    return raised.value


def test_a_100000_part_dotted_key_is_refused_at_its_line_and_column(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    key = ".".join(f"k{i}" for i in range(100_000))
    found = _refusal(tmp_path, f"specs = []\n  {key} = 1\n".encode(), monkeypatch)
    assert found.detail == f"invalid TOML: a dotted key has more than {MAX_KEY_PARTS} parts"
    assert (found.line, found.column) == (2, 3)


def test_a_table_header_with_too_many_parts_is_refused_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    header = " . ".join(['"a.b"'] * (MAX_KEY_PARTS + 1))
    found = _refusal(tmp_path, f"[{header}]\n".encode(), monkeypatch)
    assert (found.line, found.column) == (1, 2)


def test_another_tools_key_of_exactly_the_bound_still_loads(tmp_path: Path) -> None:
    key = ".".join(["a"] * MAX_KEY_PARTS)
    (tmp_path / ".git").mkdir()
    text = f"[tool.assay]\nspecs = []\n\n[tool.other]\n{key} = 'a.b.c'\n"
    (tmp_path / "pyproject.toml").write_text(text, encoding="utf-8")
    assert load_config(tmp_path).specs == ()


def test_a_config_past_one_mib_is_refused_where_the_bound_falls(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    line = b"# " + b"x" * 97 + b"\n"  # 100 bytes
    data = line * (MAX_CONFIG_BYTES // 100 + 1)
    found = _refusal(tmp_path, data, monkeypatch)
    assert found.detail.startswith("the config is larger than 1,048,576 bytes")
    assert (found.line, found.column) == (MAX_CONFIG_BYTES // 100 + 1, MAX_CONFIG_BYTES % 100 + 1)


def test_a_huge_sparse_config_is_refused_without_reading_it(tmp_path: Path) -> None:
    """8 GiB of holes: a reader that read the file whole would die under this limit."""
    _config(tmp_path, b"")
    with (tmp_path / "assay.toml").open("r+b") as stream:
        stream.truncate(8 * 1024**3)
    code = (
        "import resource, sys; from assay.cli import main;"
        "resource.setrlimit(resource.RLIMIT_AS, (1024**3, 1024**3));"
        "sys.exit(main(['check']))"
    )
    run = [sys.executable, "-c", code]
    done = subprocess.run(run, cwd=tmp_path, capture_output=True, text=True, check=False)
    assert done.returncode == 2, done.stderr
    assert "assay.toml:1:" in done.stderr + done.stdout
    assert "larger than 1,048,576 bytes" in done.stderr + done.stdout
