"""No check crashes on any input: every check runs on arbitrary documents.

The runner turns a crashing check into INT001 and goes on, which keeps a run alive but
hides the bug; here the checks are called directly, so an exception fails the test.
Two records share the text at two numbered paths, so the workspace checks (numbers,
relations between records) have something to compare.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from assay.engine.checks import CHECKS
from assay.engine.reading.read import read
from assay.engine.reading.vocabulary import Vocabulary
from assay.engine.workspace.candidates import Discovery
from assay.engine.workspace.document_context import DocumentContext, WorkspaceContext
from assay.engine.workspace.links import FileIndex
from assay.engine.workspace.types import builtin_type
from assay.grammar.markdown.document import parse_document
from tests.conftest import ROOT
from tests.engine.test_reading import ADR_LINES
from tests.grammar.markdown_strategies import documents, documents_with_front_matter

PATHS = ("docs/adr/0001-first.md", "docs/adr/0002-second.md", "docs/adr/0002-twin.md")
FILES = FileIndex.build([*PATHS, "docs/adr/0003-other.md", "docs/runbooks/ops.md"])
WORDS = {name: Vocabulary(builtin_type(name)) for name in ("adr", "madr")}


def _contexts(text: str, type_name: str) -> tuple[DocumentContext, ...]:
    """The text read once, as the record at each of PATHS."""
    parsed = parse_document(text.encode("utf-8", "surrogatepass"), PATHS[0])
    document = parsed.value
    words = WORDS[type_name]
    reading = read(document, text, words) if document is not None else None
    return tuple(
        DocumentContext(
            path=path,
            text=text if document is not None else None,
            document=document,
            type=words.type,
            reading=reading,
            reader_diagnostics=parsed.diagnostics,
            files=FILES,
            repository_urls=("git@github.com:team/billing.git",),
        )
        for path in PATHS
    )


@given(
    st.one_of(st.text(), documents(), documents_with_front_matter(), ADR_LINES),
    st.sampled_from(sorted(WORDS)),
)
def test_no_check_raises_on_any_document(text: str, type_name: str) -> None:
    contexts = _contexts(text, type_name)
    lines = text.count("\n") + text.count("\r") + 1
    for check in CHECKS:
        if check.scope != "document":
            continue
        for finding in check.run(contexts[0]):  # type: ignore[arg-type]
            assert 1 <= finding.span.line <= lines, (check.code, finding)
    workspace = WorkspaceContext(
        documents=contexts,
        discovery=Discovery(root=ROOT, documents=(), specs=(), skipped=(), notes=(), git=False),
        files=FILES,
    )
    for check in CHECKS:
        if check.scope == "workspace":
            for finding in check.run(workspace):  # type: ignore[arg-type]
                assert finding.path in PATHS, (check.code, finding)
