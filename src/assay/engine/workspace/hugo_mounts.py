"""Hugo's module mounts: the repository folders a Hugo site shows as content folders
elsewhere (gateway-api mounts `geps/` as `content/geps` beside `site/content/en`).

A relative link in a mounted page is resolved by the site among its pages, not in the
repository: `../overview.md` in `geps/gep-2644/index.md` is `content/geps/overview.md`,
which another mount holds as `site/content/en/geps/overview.md`. The mounts are read
from the site's `hugo.toml` (or `hugo.yaml`, `hugo.json`) at the root or one folder
down; one that leaves the workspace, or is not content, is left out.
"""

from __future__ import annotations

import json
import posixpath
import tomllib
from pathlib import Path
from typing import Any

from assay.engine.files.opening import read_contained
from assay.engine.files.refusal import Refused
from assay.engine.workspace.links import FileIndex

#: A mount: the workspace folder, and the content folder the site shows it as.
Mount = tuple[str, str]

_CONFIGS = ("hugo.toml", "hugo.yaml", "hugo.yml", "hugo.json")


def hugo_mounts(root: Path, index: FileIndex) -> tuple[Mount, ...]:
    """The content mounts of the Hugo sites at the root and one folder down."""
    found: list[Mount] = []
    shallow = sorted(d for d in index.directories if d == "." or d.count("/") <= 1)
    for folder in shallow:
        prefix = "" if folder == "." else f"{folder}/"
        for name in _CONFIGS:
            if f"{prefix}{name}" in index.files:
                found += _mounts(prefix, _config(root, prefix + name))
    return tuple(found)


def _config(root: Path, name: str) -> Any:
    """The site's configuration as data; None when it cannot be read."""
    try:
        found = read_contained(root, name)
        text = "" if isinstance(found, Refused) else found.decode("utf-8")
        if name.endswith(".toml"):
            return tomllib.loads(text)
        if name.endswith(".json"):
            return json.loads(text)
        import yaml  # only a Hugo site configured in YAML pays for PyYAML's import

        return yaml.safe_load(text)
    except Exception:  # unreadable, or no valid TOML, JSON or YAML (their errors share
        return None  # no base class): a site Hugo cannot build either; no mounts


def _mounts(prefix: str, config: Any) -> list[Mount]:
    module = config.get("module") if isinstance(config, dict) else None
    entries = module.get("mounts") if isinstance(module, dict) else None
    found = []
    for entry in entries if isinstance(entries, list) else ():
        source = entry.get("source") if isinstance(entry, dict) else None
        target = entry.get("target") if isinstance(entry, dict) else None
        if not isinstance(source, str) or not isinstance(target, str):
            continue
        folder = posixpath.normpath(prefix + source)
        shown = posixpath.normpath(target)
        outside = folder.startswith(("..", "/")) or folder == "."
        if outside or (shown != "content" and not shown.startswith("content/")):
            continue
        found.append((folder, shown))
    return found
