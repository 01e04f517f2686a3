"""What assay keeps between runs of one workspace: one SQLite store in the user's cache.

``keys``: where the store lives and what every entry is keyed by besides its file (assay's
version, its rules, the specs). ``store``: the store, its one table and its one rule for
when an entry holds (``docs/decisions/0007-keep-every-cache-in-one-sqlite-store.md``).
"""
