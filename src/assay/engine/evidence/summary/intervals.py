"""95% confidence intervals, in closed form: no resampling, so a summary is exact and
deterministic.

* ``wilson``: the Wilson score interval of one proportion (for the descriptive rates).
* ``paired_proportions``: Newcombe's hybrid score interval for the difference of two
  paired proportions (Newcombe 1998, method 10), for the matched correctness
  difference. It uses the Wilson interval of each condition and the correlation of the
  pairs, so unlike a t-interval it does not collapse to a point when every task moved
  the same way.
* ``t_interval``: the Student t interval of a mean of paired differences, for
  durations, counters, credit and seconds.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Z = 1.959963984540054  #: the standard normal's 97.5% quantile
#: Student t 97.5% quantiles for 1..30 degrees of freedom (scipy.stats.t.ppf, 6 places).
_T975 = (
    12.706205, 4.302653, 3.182446, 2.776445, 2.570582, 2.446912, 2.364624, 2.306004,
    2.262157, 2.228139, 2.200985, 2.178813, 2.160369, 2.144787, 2.131450, 2.119905,
    2.109816, 2.100922, 2.093024, 2.085963, 2.079614, 2.073873, 2.068658, 2.063899,
    2.059539, 2.055529, 2.051831, 2.048407, 2.045230, 2.042272,
)  # fmt: skip


def t975(df: int) -> float:
    """The t distribution's 97.5% quantile: the table, then the Cornish-Fisher
    expansion in 1/df (error below 1e-6 from 31 degrees of freedom on)."""
    if df <= len(_T975):
        return _T975[df - 1]
    z = Z
    return (
        z
        + (z**3 + z) / (4 * df)
        + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)
        + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * df**3)
        + (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / (92160 * df**4)
    )


def wilson(successes: int, n: int) -> tuple[float, float] | None:
    """The 95% Wilson score interval of ``successes / n``; None when ``n`` is 0."""
    if n == 0:
        return None
    p = successes / n
    centre = (p + Z * Z / (2 * n)) / (1 + Z * Z / n)
    half = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / (1 + Z * Z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def paired_proportions(
    both: int, task_only: int, overview_only: int, neither: int
) -> tuple[float, float] | None:
    """Newcombe's interval of p(task correct) - p(overview correct) over paired tasks."""
    n = both + task_only + overview_only + neither
    first, second = wilson(both + task_only, n), wilson(both + overview_only, n)
    if first is None or second is None:
        return None
    p1, p2 = (both + task_only) / n, (both + overview_only) / n
    (l1, u1), (l2, u2) = first, second
    margins = (both + task_only) * (overview_only + neither) * (both + overview_only)
    margins *= task_only + neither
    # phi, the correlation of the pairs; Newcombe's continuity-corrected form.
    cross = both * neither - task_only * overview_only
    if margins == 0:
        phi = 0.0
    elif cross > 0:
        phi = max(cross - n / 2, 0) / math.sqrt(margins)
    else:
        phi = cross / math.sqrt(margins)
    diff = p1 - p2
    low = math.sqrt(max(0.0, (p1 - l1) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2) + (u2 - p2) ** 2))
    high = math.sqrt(max(0.0, (u1 - p1) ** 2 - 2 * phi * (u1 - p1) * (p2 - l2) + (p2 - l2) ** 2))
    return (max(-1.0, diff - low), min(1.0, diff + high))


def t_interval(differences: Sequence[float]) -> tuple[float, float] | None:
    """The 95% t interval of the mean of ``differences``; None with fewer than two."""
    n = len(differences)
    if n < 2:
        return None
    mean = math.fsum(differences) / n
    variance = math.fsum((d - mean) ** 2 for d in differences) / (n - 1)
    half = t975(n - 1) * math.sqrt(variance / n)
    return (mean - half, mean + half)
