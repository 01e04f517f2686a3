"""Building blocks of the seeded decision-record generator behind ``benchmarks/corpus.py``.

Stages, in the order ``corpus.generate`` uses them:

* ``topics``, ``words``: phrase banks (data only).
* ``plan``: which records exist, where, with which number, date, status and relations.
* ``inline``: per-document inline state (links, reference definitions, footnotes).
* ``blocks``: block forms (lists, fences, tables, quotes, comments).
* ``prose``, ``content``: what goes in a section: paragraphs; lists, tables, code, notes.
* ``sections``: section families (adr-tools, MADR, custom aliases, plain text).
* ``fields``, ``styles``: status, date and title values; front matter and metadata forms.
* ``layout``: the document model and its rendering.
* ``document``: assembly to a target size, then byte-level variations.
* ``stats``: what a generated tree contains, read back from its bytes.
"""
