"""Every code assay reports, one ``Rule`` each: ``registry.RULES`` is the one table
the checks, the other stages, ``assay rules``, the rule pages and SARIF read."""
