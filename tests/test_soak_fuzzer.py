"""The soak fuzzer (tests/soak) keeps working: a few hundred inputs on every entry point.

The campaign itself (100,000 inputs, ``.ci/soak``) is too long for CI; this runs the
same loop briefly so that a change to assay's entry points that breaks the fuzzer, or
a crash the first inputs already find, shows here.
"""

from __future__ import annotations

import time
from collections import Counter
from pathlib import Path

import pytest

from assay.errors import InputError
from tests.soak import campaign, memory, mutators, targets
from tests.soak.campaign import IN_PROCESS, Settings, run_campaign, target_of
from tests.soak.corpus import load_corpus

INPUTS = 128


def _settings(out: Path, inputs: int = INPUTS) -> Settings:
    return Settings(seed=1, inputs=inputs, out=out, subprocess_every=64, sample_every=50)


def test_a_short_campaign_runs_every_entry_point_and_finds_no_crash(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Inputs up to 64 KiB here, to stay within seconds; the soak run goes to 1 MB.
    monkeypatch.setattr(mutators, "MAX_SIZE", 64 * 1024)
    settings = _settings(tmp_path)
    report = run_campaign(settings)
    expected = Counter(target_of(index, settings) for index in range(INPUTS))
    assert set(expected) == {*IN_PROCESS, "cli-subprocess"}
    assert report.runs == expected
    assert report.total == INPUTS
    found = {key: failure.saved for key, failure in report.crashes.items()}
    assert found == {}
    assert len(report.memory) >= INPUTS // settings.sample_every


def test_the_oracle_tells_a_crash_from_a_refusal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An ``AssayError`` is a refusal on purpose; any other exception is a crash, kept
    once per (type, innermost frame) with a case file that replays it."""

    def refuses(case: targets.Case, scratch: Path) -> None:
        raise InputError("cannot read")

    def crashes(case: targets.Case, scratch: Path) -> None:
        raise KeyError(len(case.data) % 1)

    settings = Settings(seed=3, inputs=14, out=tmp_path, targets=("document", "spec"))
    monkeypatch.setitem(campaign.RUNNERS, "document", refuses)
    monkeypatch.setitem(campaign.RUNNERS, "spec", crashes)
    report = run_campaign(settings, load_corpus())
    assert report.runs == Counter(document=7, spec=7)
    assert list(report.crashes) == ["KeyError | " + next(iter(report.crashes)).split(" | ")[1]]
    failure = next(iter(report.crashes.values()))
    assert (failure.target, failure.count) == ("spec", 7)
    replayed = campaign.run_one(campaign.load_case(Path(failure.saved)), tmp_path / "r", 10)
    assert replayed is not None and replayed[0][0] == "KeyError"


def test_a_campaign_is_the_same_for_the_same_seed(tmp_path: Path) -> None:
    corpus = load_corpus()
    settings = _settings(tmp_path, 60)
    first = [campaign.case_for(index, settings, corpus) for index in range(60)]
    again = [campaign.case_for(index, settings, corpus) for index in range(60)]
    assert first == again
    other = Settings(seed=2, out=tmp_path)
    assert first != [campaign.case_for(index, other, corpus) for index in range(60)]


def test_a_command_line_crash_is_keyed_as_an_in_process_one() -> None:
    trace = (
        "assay: internal error, please report it with this trace:\n"
        "Traceback (most recent call last):\n"
        '  File "/x/src/assay/cli/__init__.py", line 225, in main\n'
        '  File "/x/src/assay/grammar/markdown/frontmatter.py", line 92, in read_front_matter\n'
        '  File "/x/.venv/lib/python3.11/site-packages/yaml/constructor.py", line 328, in c\n'
        "AttributeError: 'NoneType' object has no attribute 'groupdict'\n"
    )
    with pytest.raises(targets.Problem) as raised:
        targets._judge(3, trace)
    assert raised.value.key == (
        "AttributeError",
        "assay/grammar/markdown/frontmatter.py:92 in read_front_matter",
    )
    for code in (0, 1, 2):
        targets._judge(code, "assay check: cannot read x\n")  # the contract: no problem
    with pytest.raises(targets.Problem):
        targets._judge(120, "")


def _burn(seconds: float) -> None:
    began = time.process_time()
    while time.process_time() - began < seconds:
        pass


def test_an_input_slow_only_the_first_time_is_not_called_slow(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A slow input runs once more and counts its lower figure: the first run may pay
    for what is no input's own (the garbage of the input before, a busy core)."""
    seen: Counter[bytes] = Counter()

    def slow_once(case: targets.Case, scratch: Path) -> None:
        seen[case.data] += 1
        if seen[case.data] == 1:
            _burn(0.2)

    def always_slow(case: targets.Case, scratch: Path) -> None:
        _burn(0.2)

    monkeypatch.setattr(campaign, "SLOW_SECONDS", 0.1)
    monkeypatch.setitem(campaign.RUNNERS, "document", slow_once)
    monkeypatch.setitem(campaign.RUNNERS, "spec", always_slow)
    settings = Settings(seed=3, inputs=4, out=tmp_path, targets=("document", "spec"))
    report = run_campaign(settings, load_corpus())
    assert sorted(slow.target for slow in report.slow) == ["spec", "spec"]
    assert all(slow.seconds >= 0.2 for slow in report.slow)


def test_an_input_whose_own_peak_is_high_is_kept_as_heavy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each input's own peak is measured (the high-water mark is reset before it), so
    a heavy input is found however much the process held before it (Linux: CI's)."""
    assert memory.reset_peak()

    def heavy(case: targets.Case, scratch: Path) -> None:
        block = b"x" * (96 * 1024 * 1024)  # pages written, so resident
        assert block[-1:] == b"x"

    def light(case: targets.Case, scratch: Path) -> None:
        assert case.data is not None

    monkeypatch.setattr(campaign, "HEAVY_KIB", 48 * 1024)
    monkeypatch.setitem(campaign.RUNNERS, "document", heavy)
    monkeypatch.setitem(campaign.RUNNERS, "spec", light)
    settings = Settings(seed=3, inputs=4, out=tmp_path, targets=("document", "spec"))
    report = run_campaign(settings, load_corpus())
    assert [h.target for h in report.heavy] == ["document", "document"]
    assert all(Path(h.saved).is_file() for h in report.heavy)
    rise, _size, target, _index = report.heaviest
    assert target == "document" and rise >= 90 * 1024
    assert report.memory[-1][2] >= rise  # the process's peak survives the resets
    settled = [sample[3] for sample in report.memory]
    assert settled[-1] - settled[0] < rise // 2  # the 96 MiB are given back, not kept
