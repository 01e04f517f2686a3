"""The rules the stages report, one ``Rule`` each, in a module per family (a check's
rule is written in the check's module): ``assay.engine.checks.registry.RULES`` lists
both in the one table the checks, the other stages, ``assay rules``, the rule pages
and SARIF read."""
