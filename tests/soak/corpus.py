"""The seed corpus: real documents, specs and configs to mutate.

Seeds come from the repository (the bundled ``examples/`` workspace, the test fixtures,
the built-in spec library) and, only when the folder exists, ``../shared/seeds/*.txt``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SHARED_SEEDS = ROOT.parent / "shared" / "seeds"

_DOCUMENT_SUFFIXES = (".md", ".markdown", ".txt")
_SEED_LIMIT = 256 * 1024  # a seed larger than this is a benchmark, not a seed

#: Configs the fuzzer starts from, besides those found in the tree.
BUILTIN_CONFIGS = (
    b'specs = ["assay/*.assay"]\n',
    b'include = ["docs/**/*.md"]\nexclude = ["docs/old/*"]\nfail-on = "warning"\n',
    b'select = ["DOC", "FLD001"]\nignore = ["LNK"]\n\n[severity]\nDOC003 = "off"\n'
    b'\n[per-file-ignores]\n"docs/adr/0001-*.md" = ["DOC002"]\n',
    b'[tool.assay]\nspecs = ["**/*.assay"]\nfail-on = "never"\n',
    b'[project]\nname = "x"\n\n[tool.assay]\ninclude = ["*.md"]\n',
)


@dataclass
class Corpus:
    """Seeds by kind, as bytes, in a fixed order (the campaign must be deterministic)."""

    documents: list[bytes] = field(default_factory=list)
    specs: list[bytes] = field(default_factory=list)
    configs: list[bytes] = field(default_factory=list)

    def everything(self) -> list[bytes]:
        """Every seed, for splices between kinds."""
        return [*self.documents, *self.specs, *self.configs]


def _files(folder: Path) -> list[Path]:
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def _read(path: Path) -> bytes | None:
    try:
        data = path.read_bytes()
    except OSError:
        return None
    return data if len(data) <= _SEED_LIMIT else None


def load_corpus(root: Path = ROOT, shared: Path = SHARED_SEEDS) -> Corpus:
    """Gather the seeds under ``root`` (and ``shared`` when it exists)."""
    corpus = Corpus()
    folders = [root / "examples", root / "tests", root / "src" / "assay" / "spec" / "library"]
    for folder in folders:
        for path in _files(folder):
            if "__snapshots__" in path.parts or "soak" in path.parts:
                continue
            data = _read(path)
            if data is None:
                continue
            name = path.name
            if path.suffix in _DOCUMENT_SUFFIXES:
                corpus.documents.append(data)
            elif path.suffix == ".assay":
                corpus.specs.append(data)
            elif name in ("assay.toml", "pyproject.toml"):
                corpus.configs.append(data)
    if shared.is_dir():
        for path in sorted(shared.glob("*.txt")):
            data = _read(path)
            if data is not None:
                corpus.documents.append(data)
    corpus.configs.extend(BUILTIN_CONFIGS)
    if not corpus.documents:
        corpus.documents.append(b"# 1. A record\n\n## Status\n\nAccepted\n")
    if not corpus.specs:
        corpus.specs.append(b"type t { title required }\n")
    return corpus
