"""The rule engine: configuration, discovery and (later) the checks and runner."""
