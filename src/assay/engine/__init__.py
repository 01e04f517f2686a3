"""The rule engine: workspace loading, checks, the runner and its result.

Nothing here prints or exits; the command line renders what the engine returns.
"""
