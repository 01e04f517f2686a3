"""Frozen attrs models of everything assay reads and reports.

Models hold data, never behaviour that touches files; ``assay.spec.convert`` holds
the one cattrs converter that turns them into JSON-ready values and back.
"""
