"""The soak campaign: a fuzzer over assay's public entry points (``python -m tests.soak.fuzz``).

No module here is named ``test_*.py``, so the normal pytest run does not collect it;
``.ci/soak`` runs it at the issue's target, and ``tests/test_soak_fuzzer.py`` runs a
few hundred inputs so that the fuzzer itself keeps working.
"""
