"""Relative links rewritten for another folder lead to the same files, and nothing else moves.

The oracle is link resolution itself (``engine.workspace.links.resolve_link``, what
LNK001 uses): a rewritten link, resolved from the destination's folder, reaches the
file the original reached from the source's folder.
"""

from __future__ import annotations

from urllib.parse import quote

from hypothesis import assume, example, given
from hypothesis import strategies as st

from assay.engine.runs.rewrite import rewrite_links
from assay.engine.workspace.links import FileIndex, resolve_link
from assay.grammar.markdown.document import parse_document
from assay.spec.document import Document

SOURCE = "runs/x/overview.md"
DEST = "docs/reviews/x.md"


def _rewritten(markdown: str, source: str = SOURCE, destination: str = DEST) -> str:
    return rewrite_links(markdown, source, destination)


def test_inline_links_images_and_definitions_are_rewritten() -> None:
    markdown = (
        'See [memory](lenses/memory.md#finding-2 "Memory") and ![map](output/map.png).\n'
        "The [runtime][rt] member.\n\n"
        "[rt]: <output/run time.md> 'Runtime'\n"
    )
    assert _rewritten(markdown) == (
        'See [memory](../../runs/x/lenses/memory.md#finding-2 "Memory") and '
        "![map](../../runs/x/output/map.png).\n"
        "The [runtime][rt] member.\n\n"
        "[rt]: <../../runs/x/output/run time.md> 'Runtime'\n"
    )


def test_what_is_not_a_relative_link_stays() -> None:
    markdown = (
        "`[code](a.md)` [web](https://example.com/a.md) [mail](mailto:a@b.c) "
        "[here](#scope) [root](/docs/a.md) [out](../../../outside.md) <https://x.org/a>\n\n"
        "```\n[fenced](a.md)\n```\n\n<!-- [comment](a.md) -->\n"
    )
    assert _rewritten(markdown) == markdown


def test_a_destination_in_the_source_folder_changes_nothing() -> None:
    markdown = "[a](lenses/memory.md) [b](../y/overview.md)\n"
    assert _rewritten(markdown, SOURCE, "runs/x/review.md") == markdown


def test_links_into_the_destination_folder_and_up_to_it() -> None:
    assert _rewritten("[a](../../docs/reviews/b.md) [c](../../docs/)", DEST, DEST) == (
        "[a](../../docs/reviews/b.md) [c](../../docs/)"
    )
    assert _rewritten("[a](../../docs/reviews/b.md?v=1#top) [c](../../docs/)") == (
        "[a](b.md?v=1#top) [c](../)"
    )


def test_the_source_folders_are_percent_encoded_the_links_own_spelling_kept() -> None:
    rewritten = rewrite_links("[a](my%20notes/a.md) [b](<x y.md>)", "r (1)/o.md", "d/r.md")
    assert rewritten == "[a](../r%20%281%29/my%20notes/a.md) [b](<../r%20%281%29/x y.md>)"


_NAME = st.text(alphabet=st.sampled_from("ab.-_ %()#?&\\:é"), min_size=1, max_size=5).filter(
    lambda name: name not in (".", "..")
)
_FOLDER = st.lists(_NAME, max_size=3)
_STEP = st.one_of(_NAME, st.just(".."), st.just("."))


def _spell(step: str, angle: bool) -> str:
    """A path component as a link writes it: percent-encoded where Markdown needs it."""
    if step in (".", ".."):
        return step
    return quote(step, safe=" " if angle else "")


@st.composite
def _linked(draw: st.DrawFn) -> tuple[str, str, str, str]:
    """A source file, a destination file, a document with one link, and its target."""
    source = "/".join([*draw(_FOLDER), "source.md"])
    destination = "/".join([*draw(_FOLDER), "review.md"])
    steps = draw(st.lists(_STEP, min_size=1, max_size=5))
    angle = draw(st.booleans())
    path = "/".join(_spell(step, angle) for step in steps)
    # Link resolution strips spaces around a destination, even inside angle brackets.
    assume(path == path.strip())
    suffix = draw(st.sampled_from(("", "#frag", "?q=1", "?q#f")))
    written = f"<{path}{suffix}>" if angle else path + suffix
    title = draw(st.sampled_from(("", ' "t"', " 'a (b)'")))
    form = draw(st.sampled_from(("inline", "image", "definition")))
    if form == "definition":
        markdown = f"Some [text][r].\n\n[r]: {written}{title}\n"
    else:
        markdown = f"Before {'!' if form == 'image' else ''}[text]({written}{title}) after.\n"
    return source, destination, markdown, path


def _links(markdown: str) -> Document:
    document = parse_document(markdown).value
    assert document is not None
    return document


@given(_linked())
@example(("a/source.md", "b/review.md", "[t](c/d.md)\n", "c/d.md"))
@example(("a/b/source.md", "a/review.md", "[t](<../ /.>)\n", "../ /."))  # `< />` is `/`
def test_a_rewritten_link_reaches_the_same_file(case: tuple[str, str, str, str]) -> None:
    source, destination, markdown, _path = case
    before = _links(markdown)
    (original,) = (*before.links, *before.definitions)[:1]
    first = resolve_link(source, original.destination, FileIndex.build([]))
    assume(first.kind == "missing" and first.target is not None)  # relative, inside
    target = first.target
    rewritten = _rewritten(markdown, source, destination)
    after = _links(rewritten)
    assert [(link.text, link.title, link.kind) for link in after.links] == [
        (link.text, link.title, link.kind) for link in before.links
    ]
    moved = (*after.links, *after.definitions)[0]
    index = FileIndex.build([target]) if target != "." else FileIndex.build([])
    second = resolve_link(destination, moved.destination, index)
    again = resolve_link(source, original.destination, index)
    assert (second.kind, second.target) == (again.kind, again.target)
    # The query and fragment stay as written.
    for mark in ("#", "?"):
        assert original.destination.partition(mark)[1:] == moved.destination.partition(mark)[1:]


_MARKDOWN = st.lists(
    st.sampled_from(
        [*"[]()<>!`#?*_\\&;:/. \n\t\"'ab%-", "../", "](", "]: ", "> ", "    ", "[t](a/./../b.md)"]
    ),
    max_size=40,
).map("".join)
_PATH = st.lists(st.sampled_from(["a", "b", "..", ".", "", "é"]), min_size=1, max_size=4).map(
    "/".join
)


@given(_MARKDOWN | st.text(max_size=80), _PATH, _PATH)
def test_never_raises_on_any_markdown(markdown: str, source: str, destination: str) -> None:
    assert isinstance(rewrite_links(markdown, source, destination), str)


@given(_MARKDOWN | st.text(max_size=80), _PATH)
def test_rewriting_for_the_same_file_is_the_identity(markdown: str, path: str) -> None:
    assert rewrite_links(markdown, path, path) == markdown


def test_raw_html_links_are_rewritten_inside_their_quotes() -> None:
    markdown = (
        "See <a href=\"lenses/memory.md#f-2\">memory</a>, <IMG SRC='output/map.png' alt=m>\n"
        "and <a class=x href=output/run.md>run</a>.\n\n"
        '<p>\n<a href="lenses/a&amp;b.md">a</a> <!-- <a href="lenses/c.md"> -->\n</p>\n'
    )
    assert _rewritten(markdown) == (
        'See <a href="../../runs/x/lenses/memory.md#f-2">memory</a>, '
        "<IMG SRC='../../runs/x/output/map.png' alt=m>\n"
        "and <a class=x href=../../runs/x/output/run.md>run</a>.\n\n"
        '<p>\n<a href="../../runs/x/lenses/a&amp;b.md">a</a> '
        '<!-- <a href="lenses/c.md"> -->\n</p>\n'
    )


def test_a_source_folder_that_would_end_the_value_is_percent_encoded() -> None:
    """A quote, `&` or `=` the rewrite adds would end the value or start a reference."""
    assert rewrite_links("<a href=\"b.md\"> <a href='b.md'>", 'r/it\'s "&"/o.md', DEST) == (
        "<a href=\"../../r/it%27s%20%22%26%22/b.md\"> <a href='../../r/it%27s%20%22%26%22/b.md'>"
    )
    assert rewrite_links("<a href=b.md>", "r/a=b/o.md", DEST) == "<a href=../../r/a%3Db/b.md>"


def test_raw_html_values_that_cannot_be_respelled_stay() -> None:
    """What a rewrite cannot keep reading the same is left as written, as in Markdown: a
    `/` or `#` hidden in a reference, spaces a browser drops, a value over lines."""
    markdown = (
        '<a href="lenses&#47;a.md"> <a href="a&#35;b.md"> <a href=" lenses/a.md">\n'
        '> <a href="lenses/\n> a.md">\n\n'
        '<a href="../../../out.md"> <a href="https://x.org/a.md"> <a href="#top">\n'
    )
    assert _rewritten(markdown) == markdown


@st.composite
def _html_linked(draw: st.DrawFn) -> tuple[str, str, str]:
    """A source file, a destination file, and a document with one raw HTML link: its
    value percent-encoded, an encoded `&` maybe written `&amp;`, in any quoting."""
    source = "/".join([*draw(_FOLDER), "source.md"])
    destination = "/".join([*draw(_FOLDER), "review.md"])
    steps = draw(st.lists(_STEP, min_size=1, max_size=5))
    path = "/".join(_spell(step, False) for step in steps)
    if draw(st.booleans()):
        path = path.replace("%26", "&amp;")
    mark = draw(st.sampled_from(['"', "'", ""]))
    suffix = draw(st.sampled_from(("", "#frag", "?q=1", "?q#f") if mark else ("", "#f", "?q")))
    tag = draw(st.sampled_from(("a href", "IMG SRC")))
    return source, destination, f"Before <{tag}={mark}{path}{suffix}{mark}>t</a> after.\n"


@given(_html_linked())
@example(("a/source.md", "b/review.md", '<a href="c/d.md">\n'))
@example(("a/source.md", "b/review.md", "<a href='c&amp;d.md'>\n"))
def test_a_rewritten_html_link_reaches_the_same_file(case: tuple[str, str, str]) -> None:
    source, destination, markdown = case
    (original,) = _links(markdown).links
    first = resolve_link(source, original.destination, FileIndex.build([]))
    assume(first.kind == "missing" and first.target is not None)  # relative, inside
    target = first.target
    rewritten = _rewritten(markdown, source, destination)
    (moved,) = _links(rewritten).links
    assert (moved.kind, moved.image) == ("html", original.image)
    index = FileIndex.build([target]) if target != "." else FileIndex.build([])
    second = resolve_link(destination, moved.destination, index)
    again = resolve_link(source, original.destination, index)
    assert (second.kind, second.target) == (again.kind, again.target)
    for mark in ("#", "?"):
        assert original.destination.partition(mark)[1:] == moved.destination.partition(mark)[1:]
