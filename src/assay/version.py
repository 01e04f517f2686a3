"""assay's version, in a module that imports nothing.

The package root re-exports it; the stages that key caches by it (the grammar's
derivations, the type cache) import it from here, as importing the root from inside a
stage would close a cycle through the root's public helpers.
"""

__version__ = "0.1.0"
