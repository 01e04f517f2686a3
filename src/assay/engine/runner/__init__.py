"""Running the checks: the check pipeline (``run``), the checks that compare documents,
suppression, and the result a run returns. The passes over the documents and the
analysis runs that it runs first are ``engine.passes``'."""
