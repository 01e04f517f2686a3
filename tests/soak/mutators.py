"""Byte-level mutations: what a damaged, truncated or hostile file looks like.

Each mutator takes the random source, the data and the corpus (for splices) and
returns new bytes.  ``mutate`` applies a few in a row; at most ``MAX_SIZE`` bytes come
out, the largest input the campaign holds to the one-second budget.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

MAX_SIZE = 1024 * 1024

Mutator = Callable[[random.Random, bytes, Sequence[bytes]], bytes]

#: Bytes that mean something to a Markdown, YAML, TOML or spec reader.
INTERESTING = (
    b"\x00",
    b"\r",
    b"\n",
    b"\r\n",
    b"\t",
    b"\x0b",
    b"\x0c",
    b"\x1b[31m",
    b"\x7f",
    b"\xef\xbb\xbf",
    b"\xff\xfe",
    b"\xfe\xff",
    b"\xc0\xaf",
    b"\xed\xa0\x80",
    b"\xf4\x90\x80\x80",
    b"\xe2\x80\xa8",
    b"\xe2\x80\xa9",
    b"\xc2\x85",
    b"\xf0\x9f\x92\xa9",
    b"\xcc\x81",
    b"\xe2\x80\x8b",
    b"---",
    b"```",
    b"~~~",
    b"#",
    b"> ",
    b"- ",
    b"1. ",
    b"|",
    b"[",
    b"]",
    b"(",
    b")",
    b"<!--",
    b"-->",
    b"\\",
    b'"',
    b"'",
    b"{",
    b"}",
    b"*",
    b"_",
    b"`",
    b"&amp;",
    b"&#0;",
    b"=",
    b":",
)
BOMS = (b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff", b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff")


def _at(rng: random.Random, data: bytes) -> int:
    return rng.randint(0, len(data))


def bit_flip(rng: random.Random, data: bytes, _: Sequence[bytes]) -> bytes:
    if not data:
        return bytes([1 << rng.randrange(8)])
    buffer = bytearray(data)
    for _i in range(rng.randint(1, 8)):
        buffer[rng.randrange(len(buffer))] ^= 1 << rng.randrange(8)
    return bytes(buffer)


def byte_insert(rng: random.Random, data: bytes, _: Sequence[bytes]) -> bytes:
    at = _at(rng, data)
    chunk = rng.choice(INTERESTING) if rng.random() < 0.7 else bytes([rng.randrange(256)])
    return data[:at] + chunk + data[at:]


def byte_delete(rng: random.Random, data: bytes, _: Sequence[bytes]) -> bytes:
    if not data:
        return data
    at = rng.randrange(len(data))
    return data[:at] + data[at + rng.randint(1, 16) :]


def duplicate(rng: random.Random, data: bytes, _: Sequence[bytes]) -> bytes:
    if not data:
        return data
    start = rng.randrange(len(data))
    end = min(len(data), start + rng.randint(1, 256))
    at = _at(rng, data)
    return data[:at] + data[start:end] * rng.randint(1, 4) + data[at:]


def splice(rng: random.Random, data: bytes, corpus: Sequence[bytes]) -> bytes:
    other = rng.choice(corpus)
    return data[: _at(rng, data)] + other[_at(rng, other) :]


def truncate(rng: random.Random, data: bytes, _: Sequence[bytes]) -> bytes:
    return data[: _at(rng, data)]


def huge_repeat(rng: random.Random, data: bytes, _: Sequence[bytes]) -> bytes:
    """One chunk repeated until the input is up to ``MAX_SIZE`` bytes: linearity."""
    if not data:
        data = rng.choice(INTERESTING)
    start = rng.randrange(len(data))
    chunk = data[start : start + rng.randint(1, 64)]
    target = rng.choice((16_384, 65_536, 262_144, MAX_SIZE))
    count = max(1, (target - len(data)) // len(chunk))
    at = _at(rng, data)
    return data[:at] + chunk * count + data[at:]


def invalid_utf8(rng: random.Random, data: bytes, _: Sequence[bytes]) -> bytes:
    bad = rng.choice(
        (b"\x80", b"\xc3", b"\xe2\x82", b"\xf0\x9f\x92", b"\xc0\x80", b"\xff", b"\xed\xb0\x80")
    )
    at = _at(rng, data)
    return data[:at] + bad + data[at:]


def bom(rng: random.Random, data: bytes, _: Sequence[bytes]) -> bytes:
    return rng.choice(BOMS) + data


def line_endings(rng: random.Random, data: bytes, _: Sequence[bytes]) -> bytes:
    """Mix CR, LF and CRLF: every other line ending changes."""
    lines = data.split(b"\n")
    endings = (b"\n", b"\r\n", b"\r", b"\n\r")
    return b"".join(line + rng.choice(endings) for line in lines)[: len(data) + len(lines)]


def nuls(rng: random.Random, data: bytes, _: Sequence[bytes]) -> bytes:
    at = _at(rng, data)
    return data[:at] + b"\x00" * rng.randint(1, 8) + data[at:]


def utf16(rng: random.Random, data: bytes, _: Sequence[bytes]) -> bytes:
    """The whole file re-encoded as UTF-16 (an editor's "Unicode" save)."""
    return data.decode("utf-8", "replace").encode(rng.choice(("utf-16", "utf-16-le", "utf-32")))


BYTE_MUTATORS: tuple[Mutator, ...] = (
    bit_flip,
    byte_insert,
    byte_delete,
    duplicate,
    splice,
    truncate,
    invalid_utf8,
    bom,
    line_endings,
    nuls,
)
#: Mutators that grow an input past a seed's size, drawn rarely to keep the pace.
RARE_MUTATORS: tuple[Mutator, ...] = (huge_repeat, utf16)


def mutate(rng: random.Random, data: bytes, corpus: Sequence[bytes]) -> bytes:
    """One to four byte mutations of ``data``; at most ``MAX_SIZE`` bytes."""
    for _i in range(rng.randint(1, 4)):
        pool = RARE_MUTATORS if rng.random() < 0.01 else BYTE_MUTATORS
        data = rng.choice(pool)(rng, data, corpus)
    return data[:MAX_SIZE]
