"""One record from plan to bytes: build, grow to a drawn size, then vary the bytes.

Sizes are drawn per file (2 to 4 KiB, median about 3 KB) and reached by adding whole
blocks to growable sections, so a file never ends in the middle of a sentence. The
byte-level variations (CRLF, BOM, no final newline, whitespace-only lines, tabs) come
last, and the size check accounts for them.
"""

from __future__ import annotations

import random

from . import content, styles
from .inline import Ink
from .layout import Block, Doc
from .plan import Corpus, Record
from .words import UNICODE_SENTENCES

MIN_BYTES = 2048
MAX_BYTES = 4096
#: Drawn target sizes: triangular between these, peaking at the mode.
TARGET_LOW, TARGET_MODE, TARGET_HIGH = 2150, 2950, 3950
#: Room kept for what ``_mess`` adds (trailing blanks, whitespace-only lines).
MESS_ALLOWANCE = 96

BOM = b"\xef\xbb\xbf"


def render_record(record: Record, corpus: Corpus) -> bytes:
    """The bytes of ``record``; the same plan and seed always give the same bytes."""
    # A string seed is hashed with SHA-512 by random.Random, so it is stable across
    # runs and platforms (unlike hash(), which PYTHONHASHSEED changes).
    rng = random.Random(f"{corpus.seed}:{record.index}")
    ink = Ink(rng, record, _neighbours(rng, record, corpus))
    doc = styles.build(ink)
    _grow(ink, doc, target=int(rng.triangular(TARGET_LOW, TARGET_HIGH, TARGET_MODE)))
    data = _encode(doc.render(ink.tail()), record, rng)
    if not MIN_BYTES <= len(data) <= MAX_BYTES:
        raise AssertionError(f"{record.path}: {len(data)} bytes is outside the size range")
    if ("unicode" in record.flags) == data.removeprefix(BOM).isascii():
        raise AssertionError(f"{record.path}: non-ASCII content does not match the plan")
    return data


def _neighbours(rng: random.Random, record: Record, corpus: Corpus) -> list[Record]:
    """Records this one may mention: nearby ones in its series, rarely one elsewhere."""
    i = record.index
    window = corpus.records[max(0, i - 12) : i + 12]
    near = [r for r in window if r.series is record.series and r is not record]
    if rng.random() < 0.05 and len(corpus.records) > 1:
        other = rng.choice(corpus.records)
        if other is not record:
            near.append(other)
    return near


def _grow(ink: Ink, doc: Doc, target: int) -> None:
    """Add blocks until the file reaches ``target`` bytes, staying inside the range."""
    rng = ink.rng
    growable = [s for s in doc.sections if content.GROW_WEIGHT.get(s.kind, 0)]
    weights = [content.GROW_WEIGHT[s.kind] for s in growable]
    if ink.unicode:
        _ensure_unicode(ink, doc)
    size = _measure(ink, doc)
    limit = MAX_BYTES - _allowance(ink)
    misses = 0
    while growable and size < target and misses < 60:
        section = rng.choices(growable, weights=weights)[0]
        saved = ink.checkpoint()
        block = content.grow(ink, section.kind)
        if block is None:  # that builder has nothing new to say in this file
            misses += 1
            continue
        section.blocks.append(block)
        new_size = _measure(ink, doc)
        if new_size > limit:
            section.blocks.pop()
            ink.restore(saved)
            misses += 1
            continue
        # Overshooting by more than the gap is undone half of the time, so sizes
        # centre on the target instead of always landing above it.
        overshoot = new_size - target > target - size
        if overshoot and size >= MIN_BYTES and rng.random() < 0.5:
            section.blocks.pop()
            ink.restore(saved)
            break
        size = new_size
    if size < MIN_BYTES:
        raise AssertionError(f"{ink.record.path}: could not grow to {MIN_BYTES} bytes")


def _ensure_unicode(ink: Ink, doc: Doc) -> None:
    """Files planned as non-ASCII get a non-ASCII sentence if nothing else is."""
    text = doc.render(ink.tail())
    if text.isascii():
        hosts = [s for s in doc.sections if s.kind in ("context", "notes", "decision")]
        host = ink.rng.choice(hosts or doc.sections)
        host.blocks.append([ink.rng.choice(UNICODE_SENTENCES)])


def _allowance(ink: Ink) -> int:
    """Bytes the later byte-level variations may add to the text."""
    return (MESS_ALLOWANCE if "messy" in ink.record.flags else 0) + 8


def _measure(ink: Ink, doc: Doc) -> int:
    """Size in bytes after encoding, CRLF and BOM (but before ``_mess``)."""
    text = doc.render(ink.tail())
    size = len(text.encode("utf-8"))
    if "crlf" in ink.record.flags:
        size += text.count("\n")
    if "bom" in ink.record.flags:
        size += len(BOM)
    return size


def _encode(text: str, record: Record, rng: random.Random) -> bytes:
    """Apply the planned byte-level variations."""
    if "messy" in record.flags:
        text = _mess(text, rng)
    if rng.random() < 0.05:
        text += "\n"  # a trailing blank line, as some editors leave
    if "no_eol" in record.flags:
        text = text.rstrip("\n")
    if "crlf" in record.flags:
        text = text.replace("\n", "\r\n")
    data = text.encode("utf-8")
    return BOM + data if "bom" in record.flags else data


def _mess(text: str, rng: random.Random) -> str:
    """Whitespace-only lines, trailing blanks and at least one tab."""
    lines: Block = text.split("\n")
    blank = [k for k, line in enumerate(lines[:-1]) if not line]
    for k in blank:
        if rng.random() < 0.3:
            lines[k] = rng.choice((" ", "  ", "\t", "    "))
    for k, line in enumerate(lines):
        if line and rng.random() < 0.04:
            lines[k] = line + rng.choice((" ", "  ", "\t"))
    messy = "\n".join(lines)
    if "\t" not in messy and blank:
        lines[blank[0]] = "\t"
        messy = "\n".join(lines)
    return messy
