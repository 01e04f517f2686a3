"""One module per command; each exposes ``run(options) -> int``."""
