"""``assay identity URL``: a source's normalized identity and the run slug made from it.

What a caller writes as ``source`` in ``run.toml`` may take any form; ADR 097 compares
only the normal form, and names the run folder by the slug.  This command shows both,
so a caller can write the boundary's ``source.identity`` and find the run's folder
without guessing.  The argument can hold anything a command line can: in text it is
shown escaped (``cli.names.printable``), in JSON exactly (``escape_json``).
"""

from __future__ import annotations

import argparse
import json

from assay.api.identity import normalize_identity, run_slug
from assay.cli.exit_codes import EXIT_ERROR, EXIT_OK
from assay.cli.names import escape_json, printable
from assay.cli.output import complain, write


def run(options: argparse.Namespace) -> int:
    """Print the identity and slug; exit 2 when either is empty (no run could use it)."""
    identity = normalize_identity(options.url)
    slug = run_slug(options.url)  # the source, normalized once: never its normal form again
    if not identity:
        complain(
            f"assay identity: `{options.url}` is empty once normalized "
            "(surrounding whitespace, trailing `/` and `.git` are stripped)"
        )
        return EXIT_ERROR
    if not slug:
        complain(
            f"assay identity: `{identity}` gives no run folder name: "
            "no letter, digit or `_` is left once its scheme and user are dropped"
        )
        return EXIT_ERROR
    if options.format == "json":
        value = {"identity": identity, "slug": slug}
        write(escape_json(json.dumps(value, ensure_ascii=False)) + "\n")
    else:
        write(f"identity: {printable(identity)}\nslug: {slug}\n")
    return EXIT_OK
