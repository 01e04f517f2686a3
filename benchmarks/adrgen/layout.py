"""A generated document before it becomes text: parts, heading habits, rendering."""

from __future__ import annotations

from dataclasses import dataclass, field

from .sections import Section

Block = list[str]


@dataclass
class Headings:
    """How one file writes its section headings (authors are consistent within a file)."""

    form: str = "atx"  # "atx", "setext" or "plain" (a name alone on its line)
    numbered: bool = False  # "## 1. Context"
    bold: bool = False  # "## **Context**"
    colon: bool = False  # "## Context:"
    closing: bool = False  # "## Context ##"
    comment_on: str | None = None  # "## Decision <!-- required -->" on this section
    indent_on: str | None = None  # " ## Context" (up to three spaces are allowed)

    def render(self, section: Section, number: int) -> Block:
        """The heading lines of ``section``; ``number`` counts level-2 sections."""
        text = section.title
        if self.form == "plain":
            return [text]
        if self.numbered and section.level == 2:
            text = f"{number}. {text}"
        if self.bold:
            text = f"**{text}**"
        if self.colon:
            text += ":"
        if self.form == "setext" and section.level <= 2:
            return [text, ("=" if section.level == 1 else "-") * max(3, len(text))]
        marks = "#" * section.level
        line = f"{marks} {text}"
        if self.closing:
            line += f" {marks}"
        if section.title == self.comment_on:
            line += " <!-- required -->"
        if section.title == self.indent_on:
            line = " " + line
        return [line]


@dataclass
class Doc:
    """Everything of one file except the trailing definitions, in reading order."""

    headings: Headings
    front: Block = field(default_factory=list)  # YAML front matter with its delimiters
    gap_after_front: bool = True
    before: list[Block] = field(default_factory=list)  # comments above the title
    title: Block = field(default_factory=list)
    head: list[Block] = field(default_factory=list)  # metadata under the title
    sections: list[Section] = field(default_factory=list)

    def render(self, tail: Block) -> str:
        """The text with ``\\n`` line endings and one final newline."""
        parts: list[Block] = [*self.before, self.title, *self.head]
        number = 0
        for section in self.sections:
            number += section.level == 2
            parts.append(self.headings.render(section, number))
            parts.extend(section.blocks)
        parts.append(tail)
        body = "\n\n".join("\n".join(block) for block in parts if block)
        if not self.front:
            return body + "\n"
        gap = "\n\n" if self.gap_after_front else "\n"
        return "\n".join(self.front) + gap + body + "\n"
