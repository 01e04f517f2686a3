"""Run docutils' reStructuredText parser with safe settings, and keep what it reported.

Only the parser runs, never docutils' transforms or writers: the doctree is the source
as written.  Nothing outside the text is read (``file_insertion_enabled`` off: no
``include``, no ``csv-table :file:``/``:url:``), ``raw`` is refused, nothing halts or
prints (every message is collected instead), and Pygments is not asked to highlight.
Sphinx's ``:doc:`` and ``:ref:`` roles become references; any other role docutils does
not know keeps its text, as Sphinx would show it without the extension.
"""

from __future__ import annotations

import re
from functools import partial
from typing import Any

from attrs import frozen
from docutils import nodes, utils
from docutils.frontend import get_default_settings
from docutils.parsers.rst import Parser, roles, states

from assay.spec.model import Model

#: Characters ``str.splitlines`` ends a line at that assay's lines do not (it ends
#: lines at ``\n``, ``\r\n`` and ``\r`` only); docutils splits with ``splitlines``,
#: so each becomes a space first and both count the same lines.  (``\v`` and ``\f``
#: docutils turns into spaces itself.)
_EXTRA_BREAKS = re.compile("[\x1c\x1d\x1e\x85\u2028\u2029]")
#: ``text <target>``: a role's explicit title, as Sphinx splits it.
_EXPLICIT = re.compile(r"^(?P<title>.+?)\s*(?<!\x00)<(?P<target>.*?)>$", re.DOTALL)
#: The Sphinx roles that link: ``:doc:`` to another document, ``:ref:`` to a label.
LINK_ROLES = frozenset({"doc", "ref"})
#: Directives docutils does not know but Sphinx or its common extensions do: an
#: unknown one of these is not a problem of the record.
_SPHINX_DIRECTIVES = frozenset(
    {
        "toctree", "glossary", "versionadded", "versionchanged", "deprecated", "seealso",
        "todo", "only", "literalinclude", "highlight", "index", "tabularcolumns",
        "centered", "hlist", "productionlist", "autosummary", "mermaid", "graphviz",
        "digraph", "graph", "plantuml", "uml", "tabs", "tab", "code-tab", "group-tab",
        "automodule", "autoclass", "autofunction", "automethod", "autoattribute",
        "currentmodule", "module", "py:module", "py:function", "py:class", "contents",
    }
)  # fmt: skip
_UNKNOWN_DIRECTIVE = re.compile(r'^Unknown directive type "(?P<name>[^"]*)"')
#: Options Sphinx's `code-block` takes that docutils' `code` does not.
_SPHINX_CODE_OPTIONS = frozenset(
    {"dedent", "emphasize-lines", "caption", "lineno-start", "linenos", "force"}
)
_UNKNOWN_OPTION = re.compile(
    r'^Error in "(?P<directive>code-block|sourcecode|code)" directive:\s+'
    r'unknown option: "(?P<option>[^"]*)"'
)


def _sphinx_reads(text: str) -> bool:
    """Whether docutils' complaint is about what Sphinx reads and docutils does not: a
    directive of Sphinx or a common extension, one of a Sphinx domain (`c:function`,
    `py:class`), or a `code-block` option of Sphinx's (`:dedent:`)."""
    unknown = _UNKNOWN_DIRECTIVE.match(text)
    if unknown is not None:
        name = unknown["name"].lower()
        return name in _SPHINX_DIRECTIVES or ":" in name
    option = _UNKNOWN_OPTION.match(text)
    return option is not None and option["option"].lower() in _SPHINX_CODE_OPTIONS


@frozen
class Message(Model):
    """One problem docutils reported: its level (2 warning, 3 error, 4 severe), the
    1-based line it named (None when it named none) and its text."""

    level: int
    line: int | None
    text: str


def prepared(text: str) -> str:
    """``text`` as docutils is given it: the same lines, the same columns."""
    return _EXTRA_BREAKS.sub(" ", text) if not text.isascii() else text


def parse(text: str, source: str) -> tuple[nodes.document, list[Message]]:
    """The doctree of ``text`` (``prepared`` already) and the warnings and errors."""
    settings: Any = get_default_settings(Parser)
    settings.file_insertion_enabled = False
    settings.raw_enabled = False
    settings.report_level = 5  # collected below, never printed
    settings.halt_level = 5  # never raise on a problem in the text
    settings.warning_stream = ""
    settings.syntax_highlight = "none"
    settings.pep_references = settings.rfc_references = False
    document = utils.new_document(source, settings)
    messages: list[Message] = []
    document.reporter.attach_observer(lambda node: _keep(node, messages))
    Parser(inliner=_inliner()).parse(text, document)
    return document, messages


def _keep(node: nodes.system_message, messages: list[Message]) -> None:
    level = int(node.get("level", 0))
    if level < 2:
        return  # INFO: docutils' own notes ("No role entry for …")
    text = node.children[0].astext() if node.children else ""
    if _sphinx_reads(text):
        return
    line = node.get("line")
    messages.append(Message(level, int(line) if isinstance(line, int) else None, text))


def _inliner() -> states.Inliner:
    """The inline parser of docutils, reading the roles it does not know instead of
    reporting them: Sphinx's ``:doc:`` and ``:ref:`` as references (with the target
    as written in ``assay_target``), any other role as its text.

    The method is replaced on the instance: docutils builds the inliner's patterns
    from ``vars(type(self))``, which a subclass would leave without them."""
    inliner = states.Inliner()
    inliner.interpreted = partial(_interpreted, inliner)  # type: ignore[method-assign]
    return inliner


def _interpreted(
    inliner: states.Inliner, rawsource: str, text: str, role: str, lineno: int
) -> tuple[list[nodes.Node], list[nodes.system_message]]:
    name = role.lower()
    if name in LINK_ROLES or (":" in name and name.rpartition(":")[2] in LINK_ROLES):
        name = name.rpartition(":")[2]  # `:std:ref:` is `:ref:`
        plain = utils.unescape(text)
        explicit = _EXPLICIT.match(plain)
        title, target = (explicit["title"], explicit["target"]) if explicit else (plain, plain)
        node = nodes.reference(rawsource, title, assay_role=name, assay_target=target.strip())
        return [node], []
    found, messages = roles.role(role, inliner.language, lineno, inliner.reporter)
    if found:
        made, more = found(role, rawsource, text, lineno, inliner, {}, [])
        return list(made), [*messages, *more]  # type: ignore[list-item]  # the stub
    return [nodes.literal(rawsource, utils.unescape(text))], []
