"""Publication: the gate that decides what may be published, the docs tree it
writes, and the MkDocs build swapped into place (DESIGN §6).

The gate runs before any site generator, so a site holds only what verified; the
MkDocs plugin that comes later reuses it and is never the only gate.
"""
