"""Grammar-aware mutations: inputs that get past the first line of each reader.

Markdown blocks (deep quotes and lists, headings, fences, link definitions, HTML,
front matter whose YAML uses tags, anchors, aliases and merge keys), spec tokens taken
from ``src/assay/grammar/spec/spec.lark`` itself, and TOML structures (deep nesting, huge
integers, odd keys).  Each generator returns bytes; ``weave`` puts a piece into a seed.
"""

from __future__ import annotations

import random
import re
from functools import cache

from assay.engine.workspace.config import KEYS
from tests.soak.corpus import ROOT

_WORDS = (
    "Status",
    "Date",
    "Context",
    "Decision",
    "Consequences",
    "accepted",
    "proposed",
    "superseded",
    "Supersedes",
    "title",
    "0001",
    "é",
    "日本",
    "x" * 40,
    "",
    " ",
    "-",
)


def _word(rng: random.Random) -> str:
    return rng.choice(_WORDS)


# ---- Markdown ------------------------------------------------------------------------


def deep_quote(rng: random.Random) -> str:
    depth = rng.choice((5, 50, 500, 5000))
    return ">" * depth + " " + _word(rng) + "\n"


def deep_list(rng: random.Random) -> str:
    depth = rng.choice((5, 30, 200, 1000))
    marker = rng.choice(("- ", "* ", "1. ", "+ ", "1) "))
    step = rng.choice((2, 3, 4))
    return "".join(" " * (step * i) + marker + _word(rng) + "\n" for i in range(depth))


def tab_list(rng: random.Random) -> str:
    """Items indented with tabs, each one deeper or level (tabs were 170x spaces' cost)."""
    depth = rng.choice((5, 50, 300))
    marker = rng.choice(("* ", "- ", "1. "))
    staircase = rng.random() < 0.5
    tabs = rng.choice((1, 3, 8))
    return "".join(
        "\t" * (i if staircase else tabs) + marker + _word(rng) + "\n" for i in range(depth)
    )


def heading(rng: random.Random) -> str:
    if rng.random() < 0.3:
        return f"{_word(rng)}\n{rng.choice(('=', '-')) * rng.randint(1, 5)}\n"
    hashes = "#" * rng.randint(1, 8)
    closing = rng.choice(("", "#", "##", "\\#"))
    return f"{hashes} {_word(rng)} {closing}\n"


def fence(rng: random.Random) -> str:
    mark = rng.choice(("```", "~~~", "````", "``"))
    body = "\n".join(_word(rng) for _ in range(rng.randint(0, 4)))
    close = mark if rng.random() < 0.7 else ""
    indent = " " * rng.randint(0, 4)
    info = rng.choice(("", "python", "yaml {x}"))
    return f"{indent}{mark}{info}\n{body}\n{close}\n"


def link_ref(rng: random.Random) -> str:
    label = rng.choice(("a", "A", "  a  ", "[", "é" * 3, "x" * 1000, ""))
    dest = rng.choice(("0002-x.md", "<a b>", "../../etc/passwd", "/abs.md", "#frag", "a\\)", ""))
    title = rng.choice(("", ' "t"', " 't'", " (t)", ' "unclosed'))
    return f"[{label}]: {dest}{title}\n\n[{label}]\n[x]({dest})\n"


def html_block(rng: random.Random) -> str:
    return rng.choice(
        (
            "<div>\n" + _word(rng) + "\n</div>\n",
            "<!-- assay: disable-next-line LNK001 -- why -->\n",
            "<!-- assay: disable-file DOC003 -->\n",
            "<!-- assay: enable " + _word(rng) + " -->\n",
            "<!--\n" + "# in a comment\n" * 3,
            "<script>\n<!--\n</script>\n",
            "<?php x ?>\n",
            "<![CDATA[ x ]]>\n",
            "<!DOCTYPE html>\n",
            "<pre>\n# not a heading\n</pre>\n",
        )
    )


def table(rng: random.Random) -> str:
    columns = rng.randint(1, 6)
    head = "|" + "|".join(_word(rng) for _ in range(columns)) + "|\n"
    rule = "|" + "|".join(rng.choice(("---", ":-", "-:", ":-:")) for _ in range(columns)) + "|\n"
    return head + rule + head * rng.randint(0, 3)


def front_matter(rng: random.Random) -> str:
    """YAML front matter with the features YAML readers trip on."""
    lines = [
        rng.choice(
            (
                "title: " + _word(rng),
                "status: "
                + rng.choice(("accepted", "!!bool x", "!!int 1", "!!float", "!!str", "&a x")),
                "date: "
                + rng.choice(("2024-01-02", "!!timestamp", "!!timestamp x", "2024-13-45", "1e999")),
                "base: &base {status: accepted, date: 2020-01-01}",
                "merged: {<<: *base, title: x}",
                "<<: *base",
                "alias: *undefined",
                "list: &l [a, b, *l]",
                "tags: !custom x",
                "k: !!binary aGVsbG8=",
                "k: !!set {a, b}",
                "k: !!omap [a: 1]",
                "? complex\n: key",
                "deciders: [" + ", ".join(["a"] * rng.randint(0, 50)) + "]",
                "nested: " + "[" * rng.choice((1, 10, 100, 1000)),
                "big: " + "9" * rng.choice((5, 50, 5000)),
                "%YAML 1.2",
                "--- !!map",
                "\t tab: x",
                "supersedes: " + rng.choice(("1", "[1, 2]", "ADR-0001", "null", "~")),
            )
        )
        for _ in range(rng.randint(1, 6))
    ]
    close = rng.choice(("---", "...", "", "--- "))
    return "---\n" + "\n".join(lines) + f"\n{close}\n"


_MARKDOWN = (
    deep_quote,
    deep_list,
    tab_list,
    heading,
    fence,
    link_ref,
    html_block,
    table,
    front_matter,
)


def markdown_piece(rng: random.Random) -> bytes:
    piece = rng.choice(_MARKDOWN)(rng)
    return piece.encode("utf-8")


# ---- the spec language ---------------------------------------------------------------


@cache
def spec_tokens() -> tuple[str, ...]:
    """Every keyword and punctuation of the spec grammar, read from the grammar file."""
    text = (ROOT / "src" / "assay" / "grammar" / "spec" / "spec.lark").read_text(encoding="utf-8")
    text = re.sub(r"//[^\n]*", "", text)
    literals = sorted(set(re.findall(r'"((?:[^"\\]|\\.)+)"', text)))
    return (
        *literals,
        '"x"',
        '"docs/**/*.md"',
        '"(a+)+$"',
        '"\\"',
        "0",
        "1",
        "99999999999999999999",
        "name",
        "adr",
        "madr",
        "_x",
        "a-b.c",
        "# comment\n",
        "\n",
        "{",
        "}",
    )


def _extends_chain(rng: random.Random) -> bytes:
    """Types each extending the one before, past the bound (SPC007) or round a cycle."""
    length = rng.choice((10, 65, 500, 2000))
    first = f" extends t{length - 1}" if rng.random() < 0.3 else ""
    types = [f"type t0{first} {{}}"]
    types += [f"type t{i} extends t{i - 1} {{}}" for i in range(1, length)]
    return ("\n".join(types) + "\n").encode()


def _huge_string(rng: random.Random) -> bytes:
    """One string of megabytes: plain, all escapes, or unclosed."""
    piece = rng.choice(("a", "\\a", '\\"', "é"))
    body = piece * (rng.choice((1, 4)) * 250_000)
    end = rng.choice(('"', ""))
    return f'type t {{ field "{body}{end} required }}\n'.encode()


def spec_piece(rng: random.Random) -> bytes:
    """A run of spec tokens: mostly near-grammatical nonsense, sometimes a whole type."""
    shape = rng.random()
    if shape < 0.03:
        return _extends_chain(rng)
    if shape < 0.05:
        return _huge_string(rng)
    if rng.random() < 0.3:
        body = " ".join(
            rng.choice(
                (
                    'field "F" required { values a (b, c), d }',
                    'section S optional { length 1.. aliases "A", B sentences 2 }',
                    'title required { length ..5 format pattern "^[A-Z]" }',
                    'relation "Supersedes" inverse "Superseded by"',
                    'files "**/*.md", "x/*.md"',
                    'section "S" forbidden "why"',
                    "field F required { format date form none-or-list }",
                )
            )
            for _ in range(rng.randint(0, 6))
        )
        parent = rng.choice(("", " extends adr", " extends madr", " extends nothing", " extends t"))
        return f"use adr\ntype t{parent} {{ {body} }}\n".encode()
    tokens = spec_tokens()
    return " ".join(rng.choice(tokens) for _ in range(rng.randint(1, 40))).encode("utf-8")


# ---- TOML ----------------------------------------------------------------------------

_KEYS = (
    *KEYS,
    "tool",
    "assay",
    '""',
    '"a.b"',
    "'lit'",
    "é",
    "k" * 300,
    "1",
    "true",
)
_VALUES = (
    '"x"',
    "[]",
    '["**/*.md"]',
    '["["]',
    '["{a,b}"]',
    "{}",
    "1",
    "-0",
    "1e400",
    "nan",
    "inf",
    "9" * 40,
    "0x" + "f" * 40,
    '"""\nmulti"""',
    "'''lit'''",
    "1979-05-27T07:32:00Z",
    "true",
    '"\\u0000"',
    '["DOC", 1]',
    '"error"',
    '"never"',
    '{ DOC003 = "off" }',
)


def toml_piece(rng: random.Random) -> bytes:
    kind = rng.random()
    if kind < 0.15:
        depth = rng.choice((10, 100, 1000, 10_000))
        return ("a = " + "[" * depth + "]" * depth + "\n").encode()
    if kind < 0.3:
        depth = rng.choice((10, 100, 1000, 5000))
        return ("a = " + "{b = " * depth + "1" + "}" * depth + "\n").encode()
    if kind < 0.35:  # a dotted key of up to 100,000 parts (tomllib is quadratic in it)
        parts = rng.choice((3, 32, 33, 1000, 100_000))
        return (".".join(f"k{i}" for i in range(parts)) + " = 1\n").encode()
    if kind < 0.4:
        return (
            "[" + ".".join(rng.choice(_KEYS) for _ in range(rng.choice((2, 50, 500)))) + "]\n"
        ).encode()
    lines = []
    for _ in range(rng.randint(1, 6)):
        if rng.random() < 0.2:
            lines.append(
                rng.choice(
                    ("[tool.assay]", "[severity]", "[per-file-ignores]", "[[specs]]", "[tool]")
                )
            )
        key = ".".join(rng.choice(_KEYS) for _ in range(rng.randint(1, 3)))
        lines.append(f"{key} = {rng.choice(_VALUES)}")
    return ("\n".join(lines) + "\n").encode("utf-8")


def weave(rng: random.Random, data: bytes, piece: bytes) -> bytes:
    """``piece`` at a line start of ``data`` (or anywhere, a quarter of the time)."""
    if not data or rng.random() < 0.25:
        at = rng.randint(0, len(data))
    else:
        starts = [0] + [m.end() for m in re.finditer(rb"\n", data)]
        at = rng.choice(starts)
    return data[:at] + piece + data[at:]
