"""Markdown and plain text to a ``Document``: the block scanner (the line procedure
with its fast lane), the sectioner, inlines, front matter and tables.

``assay.grammar.markdown.document.parse_document`` is the entry point.
"""
