"""Hashing a pinned file: assay's digest path next to ``openssl dgst -sha256``.

    .venv/bin/python benchmarks/hash_throughput.py [--size-mib 1024] [--rounds 3]

Writes a file of ``--size-mib`` MiB (1 GiB by default) in a temporary folder, 1 MiB at
a time, reads it once so both tools find it in the page cache, then, ``--rounds`` times
and alternating the order, hashes it with ``openssl dgst -sha256`` and with assay in a
fresh process each (``--worker``): ``open_contained`` + ``digest`` of the whole file,
and two variants — a range past the file's end (every line counted: the dearest range)
and ``hashlib.file_digest`` on the same descriptor (the alternative to assay's
``readv`` loop into one reused 1 MiB buffer). Each assay process is run under
``/usr/bin/time -f %M`` for its peak resident memory, and times its digest itself
(interpreter start and imports not counted; they are printed apart as the process's
wall time). openssl's figure is its process's wall time, start included (a few ms).

Then the whole command: a git workspace whose spec pins the file (``git add`` of it
included, as ``assay pin`` reads only tracked files), ``assay pin`` once to fill the
type cache, then ``--rounds`` runs of ``assay pin`` under ``/usr/bin/time`` (start-up,
imports, the workspace, the digest and the report), each next to ``openssl dgst`` of
the same file, as a pre-commit hook or CI would run it.

Printed: MB/s per tool and round, the median throughput ratio assay/openssl, and the
peak RSS. Targets (issue 14): at least 0.95x openssl's throughput, peak under 32 MiB;
issue 27: the same with the command's start-up counted.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
MIB = 1 << 20
TIME = "/usr/bin/time"


def worker(mode: str, path: Path) -> None:
    """One measured digest in this process; prints seconds and the digest as JSON."""
    sys.path.insert(0, str(REPO / "src"))
    from assay.engine.files.digest import digest
    from assay.engine.files.opening import ContainedFile, open_contained

    opened = open_contained(path.parent, path.name)
    assert isinstance(opened, ContainedFile), opened
    with opened:
        start = time.perf_counter()
        if mode == "file_digest":
            with os.fdopen(os.dup(opened.fileno()), "rb", buffering=0) as file:
                sha256 = hashlib.file_digest(file, "sha256").hexdigest()
        else:
            lines = (1 << 40, 1 << 40) if mode == "range" else None
            sha256 = digest(opened, lines, limit=0).sha256
        seconds = time.perf_counter() - start
    print(json.dumps({"seconds": seconds, "sha256": sha256}))


def write_file(path: Path, size_mib: int) -> str:
    """``size_mib`` MiB of pseudo-random bytes, 1 MiB at a time; their sha256."""
    hasher = hashlib.sha256()
    block = bytearray(os.urandom(MIB))
    with path.open("wb") as out:
        for index in range(size_mib):
            block[:8] = index.to_bytes(8, "little")  # no two blocks alike
            hasher.update(block)
            out.write(block)
    return hasher.hexdigest()


def run_assay(mode: str, path: Path) -> tuple[float, float, int, str]:
    """(digest seconds, process seconds, peak RSS in KiB, digest) of one worker."""
    command = [TIME, "-f", "%M", sys.executable, __file__, "--worker", mode, str(path)]
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    wall = time.perf_counter() - start
    result = json.loads(done.stdout)
    peak = int(done.stderr.strip().splitlines()[-1])
    return result["seconds"], wall, peak, result["sha256"]


def run_openssl(path: Path) -> tuple[float, str]:
    start = time.perf_counter()
    done = subprocess.run(
        ["openssl", "dgst", "-sha256", "-r", str(path)], capture_output=True, text=True, check=True
    )
    return time.perf_counter() - start, done.stdout.split()[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.partition("\n")[0])
    parser.add_argument("--size-mib", type=int, default=1024)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--worker", nargs=2, metavar=("MODE", "FILE"), help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.worker:
        worker(arguments.worker[0], Path(arguments.worker[1]))
        return
    folder = Path(tempfile.mkdtemp(prefix="assay-hash-"))
    try:
        measure(folder / "pinned.bin", arguments.size_mib, arguments.rounds)
    finally:
        shutil.rmtree(folder)


def measure(path: Path, size_mib: int, rounds: int) -> None:
    expected = write_file(path, size_mib)
    size = size_mib * MIB
    run_openssl(path)  # into the page cache
    modes = ("assay", "range", "file_digest")
    seconds: dict[str, list[float]] = {name: [] for name in ("openssl", *modes)}
    peaks: dict[str, list[int]] = {mode: [] for mode in modes}
    walls: dict[str, list[float]] = {mode: [] for mode in modes}
    ratios = []
    for round_ in range(rounds):
        order = ("openssl", *modes) if round_ % 2 == 0 else (*reversed(modes), "openssl")
        for name in order:
            if name == "openssl":
                taken, sha256 = run_openssl(path)
            else:
                taken, wall, peak, sha256 = run_assay(name, path)
                peaks[name].append(peak)
                walls[name].append(wall)
            assert sha256 == expected, (name, sha256)
            seconds[name].append(taken)
            print(f"round {round_ + 1} {name:12} {size / taken / 1e6:8.0f} MB/s  {taken:.3f} s")
        ratios.append(seconds["openssl"][-1] / seconds["assay"][-1])
    print()
    for name, taken in seconds.items():
        line = f"{name:12} median {size / statistics.median(taken) / 1e6:6.0f} MB/s"
        if name in peaks:
            line += f"  process {statistics.median(walls[name]):.3f} s"
            line += f"  peak RSS {max(peaks[name]) / 1024:.1f} MiB"
        print(line)
    print(f"assay/openssl throughput, median of paired rounds: {statistics.median(ratios):.3f}x")
    command(path, expected, rounds)


def command(path: Path, expected: str, rounds: int) -> None:
    """``assay pin`` end to end in a workspace that pins ``path``, against openssl."""
    root = path.parent
    (root / "specs").mkdir()
    (root / "assay.toml").write_text('specs = ["specs/*.assay"]\n', encoding="utf-8")
    spec = f'declaration "big" version 1 {{\n    primary "{path.name}" sha256 "{expected}"\n}}\n'
    (root / "specs" / "pins.assay").write_text(spec, encoding="utf-8")
    git = ["git", "-C", str(root), "-c", "user.name=b", "-c", "user.email=b@b"]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "-A"], check=True)
    assay = [TIME, "-f", "%M", sys.executable, "-m", "assay", "pin"]
    env = {**os.environ, "XDG_CACHE_HOME": str(root / "cache"), "PYTHONPATH": str(REPO / "src")}
    subprocess.run(assay, cwd=root, env=env, capture_output=True, check=True)  # the cache
    ratios, peaks = [], []
    for round_ in range(rounds):
        start = time.perf_counter()
        done = subprocess.run(assay, cwd=root, env=env, capture_output=True, text=True)
        taken = time.perf_counter() - start
        assert done.returncode == 0, done.stdout + done.stderr
        peaks.append(int(done.stderr.strip().splitlines()[-1]))
        openssl, _ = run_openssl(path)
        ratios.append(openssl / taken)
        print(f"round {round_ + 1} assay pin {taken:.3f} s, openssl dgst {openssl:.3f} s")
    print(
        f"assay pin (the command, start-up included) / openssl, median: "
        f"{statistics.median(ratios):.3f}x, peak RSS {max(peaks) / 1024:.1f} MiB"
    )


if __name__ == "__main__":
    main()
