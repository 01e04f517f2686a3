"""A document's file-name title: pathlib's reading of the path, without pathlib's cost."""

from __future__ import annotations

from pathlib import PurePosixPath

from hypothesis import given
from hypothesis import strategies as st

from assay.grammar.markdown.document import file_title


def pathlib_title(path: str) -> str:
    """What the title was computed as before: the stem, or an index's folder name."""
    stem = PurePosixPath(path.replace("\\", "/")).stem
    if stem.lower() in ("index", "readme") and len(PurePosixPath(path).parts) > 1:
        stem = PurePosixPath(path).parent.name
    return stem


def test_usual_paths() -> None:
    assert file_title("docs/adr/0001-use-x.md") == "0001-use-x"
    assert file_title("docs/adr/README.md") == "adr"
    assert file_title("README.md") == "README"
    assert file_title("x.tar.gz") == "x.tar"


@given(st.text(alphabet="ab./\\ READMEindexm", max_size=16))
def test_any_path_reads_as_pathlib_reads_it(path: str) -> None:
    assert file_title(path) == pathlib_title(path)
