"""ISO 8601 instants and dates as the store writes them, read leniently and safely:
an unreadable one is None (the caller reports it), never an exception."""

from __future__ import annotations

from datetime import UTC, date, datetime


def instant(text: str | None) -> datetime | None:
    """``text`` as an aware UTC instant (a naive one is taken as UTC), or None."""
    if text is None:
        return None
    try:
        moment = datetime.fromisoformat(text)
        return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)
    except (ValueError, OverflowError):  # OverflowError: an offset past year 1 or 9999
        return None


def day(text: str | None) -> date | None:
    """The UTC date of an instant, or a plain ISO date, or None."""
    moment = instant(text)
    if moment is not None:
        return moment.date()
    try:
        return date.fromisoformat(text) if text is not None else None
    except ValueError:
        return None
