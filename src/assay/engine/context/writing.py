"""Writing a bundle through the one writer (``engine/files``): complete or not at all.

``write_bundle`` asks the one rule first (``engine.files.destination``): ``out`` may be
absent, an empty folder, or a bundle assay wrote before (a folder holding nothing but
``bundle.md`` and an assay ``manifest.json``); never the workspace, the current folder,
an ancestor of either, a folder holding an input or git-tracked files, anything under
``.git``, a link or a path through one.  Anything else is refused
(``DestinationRefused``, exit 2) before anything is touched.  The two
files are written into a staging folder beside ``out`` under the umask, then the folder
is swapped in (``swap_in``: ``out`` holds the old bundle or the new, never a part).  A
kill mid-write leaves litter that ``recover`` tidies at the next write.  A bundle that
is not ``ok`` is never written.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

from assay.engine.context.bundle import Bundle
from assay.engine.files.destination import NOWHERE, Destination, Ground, claim
from assay.engine.files.folders import recover, staging, swap_in
from assay.engine.files.made import starts_like
from assay.engine.files.writing import write_file, write_output
from assay.errors import AssayError
from assay.spec.convert import to_json_value

BUNDLE = "bundle.md"
MANIFEST = "manifest.json"
_OURS = frozenset({BUNDLE, MANIFEST})


class BundleError(AssayError):
    """The bundle cannot be written (exit code 2)."""


def manifest_json(bundle: Bundle) -> bytes:
    """``manifest.json``'s bytes: indented, keys in the model's order, a final newline."""
    if bundle.manifest is None:
        raise BundleError("the assembly failed: there is no manifest to write")
    text = json.dumps(to_json_value(bundle.manifest), indent=2, ensure_ascii=False)
    return (text + "\n").encode("utf-8")


def write_bundle(bundle: Bundle, out: Path | str, ground: Ground = NOWHERE) -> Path:
    """Write ``bundle`` as the folder ``out`` (see the module); return its path.
    ``ground``: the workspace the bundle was read from, and what it reads."""
    if not bundle.ok:
        raise BundleError("the assembly failed: nothing is written")
    destination = Destination(os.fspath(out), "--out", "folder", made=is_bundle, what="bundle")
    target = claim(destination, ground)
    recover(target)
    fresh = staging(target)
    try:
        write_file(fresh / BUNDLE, bundle.text)
        write_file(fresh / MANIFEST, manifest_json(bundle))
        swap_in(fresh, target)
    except BaseException:
        shutil.rmtree(fresh, ignore_errors=True)
        raise
    return Path(out)  # as the caller named it: messages show what the user typed


def write_manifest(bundle: Bundle, path: Path | str, ground: Ground = NOWHERE) -> Path:
    """Write only the manifest, to the file ``path``, replaced atomically (``--out -``)."""
    data = manifest_json(bundle)
    destination = Destination(os.fspath(path), "--manifest", made=is_manifest, what="manifest")
    target = claim(destination, ground)
    write_output(target, data)
    return Path(path)


#: The first bytes of ``manifest.json`` (``assay schema manifest``).
_MANIFEST = re.compile(rb'\{\s*"version":\s*\d+,\s*"task":\s*\{')


def is_manifest(path: Path) -> bool:
    """Whether ``path`` holds a manifest ``assay assemble`` wrote."""
    return starts_like(path, _MANIFEST)


def is_bundle(folder: Path) -> bool:
    """Whether ``folder`` is a bundle assay wrote: its manifest, and nothing but
    its two regular files."""
    entries = list(folder.iterdir())
    return all(
        e.name in _OURS and e.is_file() and not e.is_symlink() for e in entries
    ) and is_manifest(folder / MANIFEST)
