"""Every code assay reports, one ``Rule`` each, in a module per family:
``assay.engine.checks.registry.RULES`` lists them in the one table the checks, the
other stages, ``assay rules``, the rule pages and SARIF read."""
