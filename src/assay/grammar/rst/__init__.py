"""reStructuredText to a ``Document``: docutils parses, and the doctree is read into the
same model the Markdown reader builds, with spans placed on the source lines.

``assay.grammar.rst.document.read_rst`` is the entry point. This package's
``__init__`` imports nothing: docutils is imported only when a ``.rst`` file is read,
so a Markdown-only run never pays for it.
"""
