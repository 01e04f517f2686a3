"""The intervals, against published values and hand computations."""

from __future__ import annotations

import math

import pytest

from assay.engine.evidence.summary.intervals import paired_proportions, t975, t_interval, wilson


def test_newcombe_paired_interval_matches_the_published_example() -> None:
    """Newcombe (1998), Stat Med 17:2635, example (a): 12 both, 9 first only, 2 second
    only, 21 neither; method 10 gives 0.0112 to 0.2954 around 0.1591."""
    low, high = paired_proportions(12, 9, 2, 21) or (0.0, 0.0)
    assert (round(low, 4), round(high, 4)) == (0.0112, 0.2954)


def test_newcombe_by_hand_without_correlation() -> None:
    """Two tasks, one fixed by the bundle, one right both ways: no task is wrong with
    the bundle, so a margin is zero, phi is 0, and each bound is the two Wilson
    distances combined by Pythagoras."""
    z = 1.959963984540054

    def wilson_by_hand(k: int, n: int) -> tuple[float, float]:
        p = k / n
        centre = (2 * n * p + z * z) / (2 * (n + z * z))
        half = z * math.sqrt(z * z + 4 * n * p * (1 - p)) / (2 * (n + z * z))
        return centre - half, centre + half

    l1, u1 = wilson_by_hand(2, 2)  # task: both right
    l2, u2 = wilson_by_hand(1, 2)  # overview: one right
    expected = (0.5 - math.hypot(1 - l1, u2 - 0.5), 0.5 + math.hypot(u1 - 1, 0.5 - l2))
    assert paired_proportions(1, 1, 0, 0) == pytest.approx(expected)


def test_wilson_by_hand() -> None:
    """3 of 10: the textbook 0.1078 to 0.6032; none of nothing: no interval."""
    low, high = wilson(3, 10) or (0.0, 0.0)
    assert (round(low, 4), round(high, 4)) == (0.1078, 0.6032)
    assert wilson(0, 0) is None


def test_t_interval_by_hand() -> None:
    """Differences 1, 2, 3, 4, 5: mean 3, sd sqrt(2.5), t(4) = 2.776445."""
    half = 2.776445 * math.sqrt(2.5) / math.sqrt(5)
    assert t_interval([1, 2, 3, 4, 5]) == pytest.approx((3 - half, 3 + half))
    assert t_interval([7.0]) is None


@pytest.mark.parametrize(
    ("df", "quantile"),
    [
        (1, 12.706205),
        (4, 2.776445),
        (30, 2.042272),
        (40, 2.021075),
        (60, 2.000298),
        (200, 1.971896),
    ],
)
def test_t_quantiles(df: int, quantile: float) -> None:
    """The table and the expansion agree with scipy.stats.t.ppf(0.975, df) to 1e-6."""
    assert t975(df) == pytest.approx(quantile, abs=1e-6)
