"""Markdown and plain text to a ``Document``: the block scanner, the block grammar
(``blocks.lark``) with its fast lane and derivations, inlines, front matter and tables.

``assay.grammar.markdown.document.parse_document`` is the entry point.
"""
