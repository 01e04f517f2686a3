"""Authoring: writing a new decision record in its folder's own style (`assay new`).

``folder`` finds the records folder and reads its records, ``naming`` and ``style``
learn how the folder names and writes them, ``render`` writes the new record (from the
folder's template, else in the house style), ``relate`` edits the record it supersedes
or amends, and ``files`` puts the results on disk without overwriting anything.
``create`` ties them together. Nothing here prints; problems are ``UsageError``s.
"""
