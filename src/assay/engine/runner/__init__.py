"""Running the checks: the per-document pass (with its cache), the checks that compare
documents, rule selection and suppression, and the result a run returns."""
