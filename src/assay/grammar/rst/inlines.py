"""The links of one text node (a paragraph, a title, a term, a table cell's paragraph):
each reference docutils found, placed exactly where its markup stands in the source.

Kinds, as the Markdown reader names them: `` `text <url>`_ `` is ``inline``, a bare
URL or e-mail address is an ``autolink``, `` `Name`_ `` (and an anonymous
`` `Name`__ ``) is a ``reference`` whose destination comes from its target
(``.. _Name: url``), and ``:doc:`0002-x` `` is a ``reference`` labelled ``doc`` to
``0002-x.rst`` beside the record (its span starts at the backtick).  A reference
to a place inside the document (a section title, an internal target) and ``:ref:``
(a label anywhere in a Sphinx project) name no file: they are not links.
"""

from __future__ import annotations

from attrs import define, field
from docutils import nodes

from assay.grammar.rst.places import Placed
from assay.spec.model import Model
from assay.spec.source import Span


@define
class Pending(Model):
    """A link found in text, its destination possibly still to be looked up."""

    kind: str
    text: str
    destination: str | None
    #: The target's normalized name for a named reference; ``""`` for an anonymous one.
    refname: str | None
    span: Span
    image: bool = False
    label: str | None = None
    #: The characters of the value ``[text](destination)`` stands for, in a field.
    raw: str = field(default="")


def doc_destination(target: str) -> str | None:
    """The file ``:doc:`target` `` names, relative to the record: ``target.rst``.

    An absolute name (``/how-to/x``) is relative to the Sphinx project's source folder,
    which a record does not say: None."""
    target = target.strip()
    if not target or target.startswith("/"):
        return None
    return target if target.lower().endswith((".rst", ".md")) else target + ".rst"


def text_links(node: nodes.Element, placed: Placed) -> list[Pending]:
    """The links in ``node``, whose text (``rawsource``) ``placed`` lays on the source."""
    found: list[Pending] = []
    source = placed_text(placed)
    cursor = 0
    for ref in node.findall(nodes.reference):
        raw = ref.rawsource
        at = source.find(raw, cursor) if raw else -1
        if at < 0:
            continue  # built from other text than the node's (a substitution)
        cursor = at + len(raw)
        # A role's span starts at its text's backtick: `Supersedes :doc:`x`` reads the
        # colon after a relation's name as the name's own (`Supersedes: x`).
        begin = at + max(raw.find("`"), 0) if ref.get("assay_role") else at
        pending = _pending(ref, placed.span(begin, cursor))
        if pending is not None:
            found.append(pending)
    return found


def placed_text(placed: Placed) -> str:
    """The node's text again, as ``placed`` was made from it."""
    return "\n".join(placed.pieces)


def _pending(ref: nodes.reference, span: Span) -> Pending | None:
    text = ref.astext()
    role = ref.get("assay_role")
    if role == "doc":
        destination = doc_destination(str(ref.get("assay_target", "")))
        if destination is None:
            return None
        return Pending("reference", text, destination, None, span, label="doc")
    if role is not None:
        return None  # `:ref:` names a label of the whole project
    uri = ref.get("refuri")
    raw = ref.rawsource
    if uri is not None:
        kind = "inline" if raw.startswith("`") else "autolink"
        return Pending(kind, text, str(uri), None, span)
    if ref.get("anonymous"):
        return Pending("reference", text, None, "", span, label=text)
    refname = ref.get("refname")
    if refname is not None:
        return Pending("reference", text, None, str(refname), span, label=text)
    return None
