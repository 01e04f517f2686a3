"""Task context (seed 002, first half): selection, pins, assembly -> Bundle.

``selection`` decides which declarations a task gets; ``task`` reads a task and the
versions asked for by name from their command-line spelling.
"""
