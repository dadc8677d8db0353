"""Medians, 95th percentiles and ratios of timed samples."""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any


def p95(samples: Sequence[float]) -> float:
    """The 95th percentile, nearest rank."""
    ordered = sorted(samples)
    return ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)]


def summary(samples: Sequence[float]) -> dict[str, float]:
    """Median, p95 and mean of samples in seconds, reported in milliseconds."""
    return {
        "median_ms": statistics.median(samples) * 1000,
        "p95_ms": p95(samples) * 1000,
        "mean_ms": statistics.fmean(samples) * 1000,
        "n": float(len(samples)),
    }


def timed(work: Callable[[], Any]) -> float:
    """Seconds `work()` took."""
    started = time.perf_counter()
    work()
    return time.perf_counter() - started


def ratio(ours: float, stock: float) -> float:
    """The ratio ours / stock (inf when stock is 0)."""
    return ours / stock if stock else math.inf
