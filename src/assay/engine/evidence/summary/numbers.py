"""How the renderings write numbers: the same text in the terminal, Markdown and SVG."""

from __future__ import annotations


def number(value: float) -> str:
    """An integral value as an integer, else three decimals (``0.250``)."""
    if value == int(value) and abs(value) < 1e15:
        return str(int(value))
    return f"{value:.3f}"


def signed(value: float) -> str:
    """A difference, always with its sign (``+1``, ``-0.250``, ``0``)."""
    text = number(value)
    return text if text.startswith("-") or text in ("0", "0.000") else f"+{text}"


def interval(bounds: tuple[float, float] | None, *, sign: bool = True) -> str:
    """``[low, high]`` of a 95% interval (of a difference: signed), or ``no interval``."""
    if bounds is None:
        return "no interval"
    show = signed if sign else number
    return f"[{show(bounds[0])}, {show(bounds[1])}]"


def count(n: int, thing: str) -> str:
    """``1 attempt``, ``2 attempts``: the number and the noun, agreeing."""
    return f"{n} {thing}" if n == 1 else f"{n} {thing}s"
