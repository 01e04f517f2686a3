"""MkDocs hook: a decision record's links to the repository's code, shown as their text.

The records in `decisions/` link the code and tests that implement them with relative
links (`../../src/assay/…`), so that `assay check` on this repository (LNK001) fails
when a file they name moves. Those files are not documentation pages: in the site the
link would lead nowhere, and MkDocs in strict mode refuses it. So on these pages a link
whose target lies outside `docs/` is replaced by its text (the path, in code), after
checking that the target exists in the repository: a broken one is still a warning,
which fails a strict build.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path
from typing import Any

from mkdocs.plugins import get_plugin_logger
from mkdocs.structure.pages import Page

log = get_plugin_logger(__name__)

#: The pages whose repository links are rewritten.
PAGES = "decisions/"
_LINK = re.compile(r"\[(?P<text>[^\]\n]+)\]\((?P<target>[^)\s]+)\)")
_FENCE = re.compile(r"^ {0,3}(```|~~~)")


def on_page_markdown(markdown: str, page: Page, config: Any, files: Any) -> str:
    """``markdown`` with each link that leaves the docs folder replaced by its text."""
    if not page.file.src_uri.startswith(PAGES):
        return markdown
    docs = Path(config["docs_dir"]).resolve()
    folder = posixpath.dirname(page.file.src_uri)

    def replace(match: re.Match[str]) -> str:
        target = match["target"]
        if ":" in target or target.startswith(("/", "#")):
            return match[0]  # a URL, an absolute link or an anchor: MkDocs judges those
        path = posixpath.normpath(posixpath.join(folder, target.partition("#")[0]))
        if not path.startswith("../"):
            return match[0]  # a documentation page
        resolved = (docs / path).resolve()
        if not resolved.exists():
            log.warning("%s links %s, which does not exist", page.file.src_uri, target)
        return match["text"]

    lines, fenced = [], False
    for line in markdown.splitlines(keepends=True):
        if _FENCE.match(line):
            fenced = not fenced
        lines.append(line if fenced else _LINK.sub(replace, line))
    return "".join(lines)
