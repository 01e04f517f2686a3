"""The release a user installs: an sdist and a wheel that pass ``twine check``, and a
wheel that works alone, without this checkout.

The wheel goes into a fresh venv with ``--no-deps``; its dependencies are the dev
environment's, reached through a path file *after* the venv's own site-packages, so
``import assay`` finds the wheel's copy and nothing of ``src/``.  A path added that way
has its own ``.pth`` files ignored, so the dev environment's editable install of assay
stays inert.  Nothing is downloaded: the build runs without isolation.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import zipfile
from pathlib import Path

import pytest

from assay.version import __version__

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.xdist_group("release")


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(ROOT)],
        check=True,
        capture_output=True,
        text=True,
    )
    return out


def _one(folder: Path, pattern: str) -> Path:
    found = sorted(folder.glob(pattern))
    assert len(found) == 1, found
    return found[0]


def test_the_sdist_and_the_wheel_pass_twine_check(dist: Path) -> None:
    wheel = _one(dist, f"assay-{__version__}-py3-none-any.whl")
    sdist = _one(dist, f"assay-{__version__}.tar.gz")
    checked = subprocess.run(
        [sys.executable, "-m", "twine", "check", "--strict", str(wheel), str(sdist)],
        capture_output=True,
        text=True,
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stdout.count("PASSED") == 2


def test_the_wheel_ships_the_grammars_and_the_spec_library(dist: Path) -> None:
    names = zipfile.ZipFile(_one(dist, "*.whl")).namelist()
    packaged = {name for name in names if name.startswith("assay/") and not name.endswith(".py")}
    in_source = {
        path.relative_to(ROOT / "src").as_posix()
        for path in (ROOT / "src" / "assay").rglob("*")
        if path.is_file() and path.suffix not in {".py", ".pyc"} and "__pycache__" not in path.parts
    }
    assert in_source and in_source <= packaged
    assert any(name.endswith(".lark") for name in packaged)
    assert "assay/py.typed" in packaged
    assert not [name for name in names if name.startswith(("tests/", "docs/", "examples/"))]


def test_the_sdist_holds_what_the_tests_and_docs_need(dist: Path) -> None:
    with tarfile.open(_one(dist, "*.tar.gz")) as sdist:
        names = {name.split("/", 1)[1] for name in sdist.getnames() if "/" in name}
    for needed in ("pyproject.toml", "README.md", "CHANGELOG.md", "src/assay/version.py"):
        assert needed in names


def test_the_version_has_one_source_and_a_changelog_entry() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert 'dynamic = ["version"]' in pyproject
    assert 'path = "src/assay/version.py"' in pyproject
    changelog = (ROOT / "CHANGELOG.md").read_text()
    released = re.findall(r"^## \[(\d+\.\d+\.\d+)\] - \d{4}-\d{2}-\d{2}$", changelog, re.M)
    assert released and released[0] == __version__  # the newest entry is this version
    assert changelog.index("## [Unreleased]") < changelog.index(f"## [{__version__}]")


def _fresh_venv(root: Path, wheel: Path) -> Path:
    venv = root / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(python),
            "install",
            "--quiet",
            "--no-deps",
            "--no-index",
            str(wheel),
        ],
        check=True,
    )
    own = Path(
        subprocess.run(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()
    )
    # After the venv's own site-packages: the dependencies, never the checkout's assay.
    (own / "zz-dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    return venv


def test_the_wheel_alone_checks_lists_rules_and_publishes_the_examples(
    dist: Path, tmp_path: Path
) -> None:
    venv = _fresh_venv(tmp_path, _one(dist, "*.whl"))
    examples = tmp_path / "examples"
    shutil.copytree(ROOT / "examples", examples, ignore=shutil.ignore_patterns(".venv", "site"))
    subprocess.run(["git", "init", "-q", str(examples)], check=True)
    env = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "VIRTUAL_ENV"}}
    env["XDG_CACHE_HOME"] = str(tmp_path / "cache")

    def assay(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(venv / "bin" / "assay"), *args],
            cwd=examples,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )

    where = subprocess.run(
        [str(venv / "bin" / "python"), "-c", "import assay; print(assay.__file__)"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert where.startswith(str(venv)), where  # the wheel's copy, not src/

    # The same findings, rules and pages as this checkout's assay gives.
    for args in (("check", "--format", "json", "--no-cache"), ("rules",), ("rules", "LNK001")):
        installed = assay(*args)
        here = subprocess.run(
            [sys.executable, "-m", "assay", *args],
            cwd=examples,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert (installed.returncode, installed.stdout) == (here.returncode, here.stdout), args
        assert installed.stdout and not installed.stderr, installed.stderr
    assert assay("check").returncode == 1  # the examples' deliberate defects
    published = assay("publish", "--out", str(tmp_path / "site"))
    assert published.returncode == 0, published.stdout + published.stderr
    assert (tmp_path / "site" / "index.html").is_file()
    assert (tmp_path / "site" / ".assay-site").is_file()
