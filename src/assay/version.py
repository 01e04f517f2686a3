"""assay's version, in a module that imports nothing.

The package root re-exports it; the store, which keys its entries by it, imports it
from here, as importing the root from inside a stage would close a cycle through the
root's public helpers.
"""

__version__ = "0.1.0"
