"""Link resolution against a file index: every rule and every ADR-FORMATS "Links" variant."""

from __future__ import annotations

import posixpath
from urllib.parse import quote

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assay.engine.workspace.links import (
    FILE_EXTENSIONS,
    MAIN_LINE,
    FileIndex,
    LinkResolution,
    is_footnote_label,
    resolve_link,
)

FILES = (
    "README.md",
    "docs/decisions/0001-record.md",
    "docs/decisions/0005-use-kafka.md",
    "docs/decisions/My Notes.md",
    "docs/decisions/docs.md",
    "docs/decisions/rfc.io",
    "docs/guide/index.md",
    "docs/guide/Setup.MD",
    "docs/Images/diagram.png",
    "src/app.py",
)
INDEX = FileIndex.build(FILES, directories=["docs/empty"])
SOURCE = "docs/decisions/0001-record.md"
REPO = ("https://github.com/acme/widgets",)
GITHUB = "https://github.com/acme/widgets"


def _resolve(
    destination: str, source: str = SOURCE, repos: tuple[str, ...] = REPO
) -> LinkResolution:
    return resolve_link(source, destination, INDEX, repository_urls=repos)


# (destination, kind, target); source is SOURCE and the repository is acme/widgets.
CASES = [
    # relative down, same folder, up, up twice, `./`
    ("0005-use-kafka.md", "ok", "docs/decisions/0005-use-kafka.md"),
    ("./0005-use-kafka.md", "ok", "docs/decisions/0005-use-kafka.md"),
    ("../guide/index.md", "ok", "docs/guide/index.md"),
    ("../../README.md", "ok", "README.md"),
    ("../../src/app.py", "ok", "src/app.py"),
    ("../decisions/../decisions/0005-use-kafka.md", "ok", "docs/decisions/0005-use-kafka.md"),
    # folders, including an empty one the index was told about, and the root
    ("../guide/", "ok", "docs/guide"),
    ("../guide", "ok", "docs/guide"),
    ("../guide/index.md/", "ok", "docs/guide/index.md"),
    ("../empty", "ok", "docs/empty"),
    ("../..", "ok", "."),
    ("/", "ok", "."),
    # fragments and queries are stripped
    ("0005-use-kafka.md#decision", "ok", "docs/decisions/0005-use-kafka.md"),
    ("0005-use-kafka.md?plain=1", "ok", "docs/decisions/0005-use-kafka.md"),
    ("0005-use-kafka.md?plain=1#L3", "ok", "docs/decisions/0005-use-kafka.md"),
    ("  0005-use-kafka.md  ", "ok", "docs/decisions/0005-use-kafka.md"),
    # percent-encoded names, and `<My Notes.md>` arriving unwrapped
    ("My%20Notes.md", "ok", "docs/decisions/My Notes.md"),
    ("My Notes.md", "ok", "docs/decisions/My Notes.md"),
    ("%30005-use-kafka.md", "ok", "docs/decisions/0005-use-kafka.md"),
    # a leading `/` is the workspace root
    ("/README.md", "ok", "README.md"),
    ("/docs/guide/index.md#setup", "ok", "docs/guide/index.md"),
    ("/nope.md", "missing", "nope.md"),
    # a root-relative link without a file's extension is a site route: no claim
    ("/architecture/deep-dives", "site-route", None),
    ("/nope/", "site-route", None),
    ("/guide/intro.html", "site-route", None),
    # files that exist win over the domain guess
    ("docs.md", "ok", "docs/decisions/docs.md"),
    ("rfc.io", "ok", "docs/decisions/rfc.io"),
    # blob and tree URLs into this repository are internal
    (f"{GITHUB}/blob/main/docs/guide/index.md", "ok", "docs/guide/index.md"),
    (f"{GITHUB}/blob/main/docs/guide/index.md#L10", "ok", "docs/guide/index.md"),
    (f"{GITHUB}/tree/main/docs/guide", "ok", "docs/guide"),
    (f"{GITHUB}/tree/main", "ok", "."),
    (f"{GITHUB}/raw/main/docs/Images/diagram.png", "ok", "docs/Images/diagram.png"),
    ("HTTPS://GitHub.com/Acme/Widgets/blob/MAIN/README.md?plain=1", "ok", "README.md"),
    # a commit, a tag or another branch names the file as it is there, not here
    (f"{GITHUB}/blob/69b56f0174d368fc2cdb0a56fc9cc00ac1c9a9f6/docs/nope.md", "external", None),
    ("HTTPS://GitHub.com/Acme/Widgets/blob/v1.0/README.md?plain=1", "external", None),
    (f"{GITHUB}/blob/jj/feature/deprecate-daemon/text/0000-x.md", "external", None),
    (f"{GITHUB}/blob/main/docs/decisions/My%20Notes.md", "ok", "docs/decisions/My Notes.md"),
    (f"{GITHUB}/blob/main/docs/nope.md", "missing", "docs/nope.md"),
    (f"{GITHUB}/blob/main/readme.md", "wrong-case", "README.md"),
    (f"{GITHUB}/blob/main/../../x.md", "escapes-workspace", None),
    # other repositories, other pages of this one, and every scheme are external
    ("https://github.com/other/lib/blob/main/README.md", "external", None),
    ("https://github.com/acme/widgets-extra/blob/main/README.md", "external", None),
    ("https://gitlab.com/acme/widgets/-/blob/main/README.md", "external", None),
    (GITHUB, "external", None),
    (f"{GITHUB}/issues/12", "external", None),
    ("https://example.org/docs", "external", None),
    ("http://example.org", "external", None),
    ("mailto:team@example.org", "external", None),
    ("ftp://files.example.org/x.md", "external", None),
    ("tel:+15551234", "external", None),
    ("ftp://github.com/acme/widgets/blob/main/README.md", "external", None),
    ("//cdn.example.org/x.md", "external", None),
    # pure fragments and empty destinations point into the document itself
    ("#decision", "anchor", None),
    ("", "empty", None),  # `[x]()`: leads nowhere (LNK001)
    ("   ", "empty", None),
    ("?plain=1", "anchor", None),
    # missing
    ("0006-missing.md", "missing", "docs/decisions/0006-missing.md"),
    ("../guide/nope/index.md", "missing", "docs/guide/nope/index.md"),
    ("image.png", "missing", "docs/decisions/image.png"),
    ("notes.md", "missing", "docs/decisions/notes.md"),
    ("notes.PY", "missing", "docs/decisions/notes.PY"),
    ("./example.org", "missing", "docs/decisions/example.org"),
    ("/example.org", "site-route", None),
    (f"{GITHUB}/blob/main/example.org", "missing", "example.org"),
    ("0005-use-kafka.md.md", "missing", "docs/decisions/0005-use-kafka.md.md"),
    ("0005-use-kafka/", "missing", "docs/decisions/0005-use-kafka"),
    # wrong case: file name, folder component, `.MD` extension, and the reverse
    ("0005-Use-Kafka.md", "wrong-case", "docs/decisions/0005-use-kafka.md"),
    ("../Guide/index.md", "wrong-case", "docs/guide/index.md"),
    ("../images/diagram.png", "wrong-case", "docs/Images/diagram.png"),
    ("0005-use-kafka.MD", "wrong-case", "docs/decisions/0005-use-kafka.md"),
    ("../guide/Setup.md", "wrong-case", "docs/guide/Setup.MD"),
    ("../GUIDE", "wrong-case", "docs/guide"),
    ("/readme.md", "wrong-case", "README.md"),
    # missing `.md`
    ("0005-use-kafka", "missing-extension", "docs/decisions/0005-use-kafka.md"),
    ("../guide/index", "missing-extension", "docs/guide/index.md"),
    ("../Images/", "ok", "docs/Images"),
    ("0005-use-kafka#decision", "missing-extension", "docs/decisions/0005-use-kafka.md"),
    ("0005-Use-Kafka", "missing-extension", "docs/decisions/0005-use-kafka.md"),
    ("../guide/Setup", "missing-extension", "docs/guide/Setup.MD"),
    # scheme-less domains
    ("example.org", "scheme-less-domain", None),
    ("example.org/docs", "scheme-less-domain", None),
    ("www.example.com/page", "scheme-less-domain", None),
    ("Example.COM", "scheme-less-domain", None),
    ("docs.example.co.uk/x?y=1", "scheme-less-domain", None),
    # leaving the workspace
    ("../../../etc/x.md", "escapes-workspace", None),
    ("../../..", "escapes-workspace", None),
    ("/../x.md", "escapes-workspace", None),
    ("%2e%2e/%2e%2e/%2E%2E/x.md", "escapes-workspace", None),
    ("../../docs/../../x.md", "escapes-workspace", None),
    # paths on one machine
    ("C:/Users/me/x.md", "absolute-path", None),
    ("C:\\Users\\me\\x.md", "absolute-path", None),
    ("file:///home/me/x.md", "absolute-path", None),
    ("\\\\server\\share\\x.md", "absolute-path", None),
]


@pytest.mark.parametrize(("destination", "kind", "target"), CASES)
def test_resolution(destination: str, kind: str, target: str | None) -> None:
    result = _resolve(destination)
    assert (result.kind, result.target) == (kind, target)
    assert result.message


SITE_FILES = (
    "docusaurus.config.js",
    "docs/adr/0001-record.md",
    "docs/adr/0002-use-kafka.md",
    "docs/architecture/deep-dives.md",
    "docs/architecture/overview.mdx",
    "docs/guides/index.md",
    "docs/runbooks/README.md",
    "blog/2024-01-01-launch.md",
    "static/img/diagram.png",
)
#: A Docusaurus site at the root: its pages under `docs/` (served at `/docs/…`, or at
#: `/` with `routeBasePath: '/'`), its files under `static/`.
SITE = FileIndex.build(SITE_FILES, directories=["docs/empty"], site_roots=(".", "docs", "static"))
SITE_CASES = [
    # the route of a page, under each site root and in each page form
    ("/architecture/deep-dives", "ok", "docs/architecture/deep-dives.md"),
    ("/architecture/deep-dives#why", "ok", "docs/architecture/deep-dives.md"),
    ("/architecture/overview", "ok", "docs/architecture/overview.mdx"),
    ("/guides", "ok", "docs/guides/index.md"),
    ("/guides/", "ok", "docs/guides/index.md"),
    ("/runbooks", "ok", "docs/runbooks/README.md"),
    ("/docs/adr/0002-use-kafka", "ok", "docs/adr/0002-use-kafka.md"),
    ("/blog/2024-01-01-launch", "ok", "blog/2024-01-01-launch.md"),
    ("/img/diagram.png", "ok", "static/img/diagram.png"),
    ("/empty", "ok", "docs/empty"),
    # a route no page answers: assay cannot back "broken"
    ("/architecture/shallow-dives", "site-route", None),
    ("/docs/next/intro", "site-route", None),
    # a file's path no site root holds is still missing; relative links are as before
    ("/img/missing.png", "missing", "img/missing.png"),
    ("/docs/adr/0009-gone.md", "missing", "docs/adr/0009-gone.md"),
    ("../architecture/deep-dives", "missing-extension", "docs/architecture/deep-dives.md"),
    ("../architecture/shallow-dives.md", "missing", "docs/architecture/shallow-dives.md"),
    ("deep-dives", "missing", "docs/adr/deep-dives"),
]


@pytest.mark.parametrize(("destination", "kind", "target"), SITE_CASES)
def test_site_resolution(destination: str, kind: str, target: str | None) -> None:
    """A root-relative link in a docs site is a page route: found under the site roots
    in the usual page forms, silent when no page answers unless it names a file."""
    result = resolve_link("docs/adr/0001-record.md", destination, SITE)
    assert (result.kind, result.target) == (kind, target)
    assert result.code == (None if kind in ("ok", "site-route") else "LNK001")


def test_without_a_site_the_root_keeps_its_file_meaning() -> None:
    """Outside a site served from the root, `/x` names a file from the root, as GitHub
    renders it: a missing `.md` is still one (LNK006's resolution), not a page form."""
    index = FileIndex.build(SITE_FILES, site_roots=("docs",))
    result = resolve_link("docs/adr/0001-record.md", "/docs/adr/0002-use-kafka", index)
    assert (result.kind, result.target) == ("missing-extension", "docs/adr/0002-use-kafka.md")
    found = resolve_link("docs/adr/0001-record.md", "/architecture/deep-dives", index)
    assert (found.kind, found.target) == ("ok", "docs/architecture/deep-dives.md")


#: A site with a static folder (`public/`, as Vite, VitePress and home-made generators
#: keep one): its files are served at the site's root.
STATIC_FILES = ("content/ADR-1-x.md", "public/resources/ADR-1/map.png", "public/resources/a.md")
STATIC = FileIndex.build(STATIC_FILES, static_roots=("public",))
STATIC_CASES = [
    # from the site's root, or from a page whose site resolves links from the root
    ("/resources/ADR-1/map.png", "ok", "public/resources/ADR-1/map.png"),
    ("resources/ADR-1/map.png", "ok", "public/resources/ADR-1/map.png"),
    ("./resources/ADR-1/map.png", "ok", "public/resources/ADR-1/map.png"),
    ("resources/a.md#part", "ok", "public/resources/a.md"),
    # a path that climbs means its own folder; a file no static folder holds is missing
    ("../resources/ADR-1/map.png", "missing", "resources/ADR-1/map.png"),
    ("/resources/ADR-1/gone.png", "missing", "resources/ADR-1/gone.png"),
    ("resources/ADR-1/gone.png", "missing", "content/resources/ADR-1/gone.png"),
]


@pytest.mark.parametrize(("destination", "kind", "target"), STATIC_CASES)
def test_static_folder_resolution(destination: str, kind: str, target: str | None) -> None:
    """A file a site serves from its static folder is found whether the record links it
    from the root or as a path its site resolves from the root; nothing else is."""
    result = resolve_link("content/ADR-1-x.md", destination, STATIC)
    assert (result.kind, result.target) == (kind, target)


@pytest.mark.parametrize(
    ("destination", "kind", "target"),
    [
        ("0008-structure.html", "ok", "docs/decisions/0008-structure.rst"),
        ("0008-structure.html#why", "ok", "docs/decisions/0008-structure.rst"),
        ("guide.htm", "ok", "docs/decisions/guide.md"),
        ("0009-gone.html", "missing", "docs/decisions/0009-gone.html"),
        ("diagram.png.html", "missing", "docs/decisions/diagram.png.html"),
    ],
)
def test_a_built_page_is_found_by_its_source(destination: str, kind: str, target: str) -> None:
    """A link to the page a generator builds (`x.html`, as Sphinx records link each
    other) is found when its source (`x.rst`, `x.md`) is beside it; nothing else is."""
    index = FileIndex.build(
        ["docs/decisions/0006-areas.rst", "docs/decisions/0008-structure.rst",
         "docs/decisions/guide.md", "docs/decisions/diagram.png"]
    )  # fmt: skip
    result = resolve_link("docs/decisions/0006-areas.rst", destination, index)
    assert (result.kind, result.target) == (kind, target)


def test_a_hugo_page_is_found_by_its_source_or_its_folder() -> None:
    """Under a Hugo site's content root, `/docs/concepts/roles.md` is that page and
    `/docs/glossary.md` the folder page `docs/glossary/_index.md`."""
    index = FileIndex.build(
        ["geps/gep-1/index.md", "site/content/en/docs/concepts/roles.md",
         "site/content/en/docs/glossary/_index.md"],
        site_roots=("site/content/en",),
    )  # fmt: skip
    found = {
        d: (r.kind, r.target)
        for d in ("/docs/concepts/roles.md", "/docs/glossary.md", "/docs/gone.md")
        for r in [resolve_link("geps/gep-1/index.md", d, index)]
    }
    assert found == {
        "/docs/concepts/roles.md": ("ok", "site/content/en/docs/concepts/roles.md"),
        "/docs/glossary.md": ("ok", "site/content/en/docs/glossary/_index.md"),
        "/docs/gone.md": ("missing", "docs/gone.md"),
    }


@pytest.mark.parametrize(
    ("destination", "kind", "target"),
    [
        # resolved where the site shows the page: content/geps/overview.md
        ("../overview.md", "ok", "site/content/en/geps/overview.md"),
        ("../../reference/policy.md", "ok", "site/content/en/reference/policy.md"),
        ("../gep-2/index.md", "ok", "geps/gep-2/index.md"),  # found as written
        ("../gone.md", "missing", "geps/gone.md"),
        ("../../../../climbs.md", "escapes-workspace", None),
    ],
)
def test_a_link_of_a_mounted_page_resolves_where_the_site_shows_it(
    destination: str, kind: str, target: str | None
) -> None:
    """A Hugo site shows `geps/` as `content/geps` and `site/content/en` as `content`:
    a GEP's `../overview.md` is the site's `content/geps/overview.md`."""
    index = FileIndex.build(
        ["geps/gep-1/index.md", "geps/gep-2/index.md", "site/content/en/geps/overview.md",
         "site/content/en/reference/policy.md"],
        mounts=(("site/content/en", "content"), ("geps", "content/geps")),
    )  # fmt: skip
    result = resolve_link("geps/gep-1/index.md", destination, index)
    assert (result.kind, result.target) == (kind, target)


def test_without_a_static_folder_a_site_file_is_missing() -> None:
    """The same links in a repository without a static folder: each one is broken."""
    index = FileIndex.build(STATIC_FILES)
    for destination in ("/resources/ADR-1/map.png", "resources/ADR-1/map.png"):
        assert resolve_link("content/ADR-1-x.md", destination, index).kind == "missing"


@pytest.mark.parametrize(
    ("source", "destination", "target"),
    [
        ("README.md", "docs/guide/index.md", "docs/guide/index.md"),
        ("README.md", "./docs", "docs"),
        ("docs/guide/index.md", "Setup.MD", "docs/guide/Setup.MD"),
        ("docs/guide/index.md", "../decisions/My%20Notes.md", "docs/decisions/My Notes.md"),
        ("./docs/guide/index.md", "../../README.md", "README.md"),
        ("/docs/guide/index.md", "../../README.md", "README.md"),
    ],
)
def test_resolution_from_other_sources(source: str, destination: str, target: str) -> None:
    assert _resolve(destination, source=source) == LinkResolution(
        "ok", target, f"`{destination}` resolves to `{target}`"
    )


def test_a_root_document_cannot_climb() -> None:
    assert _resolve("../README.md", source="README.md").kind == "escapes-workspace"


@pytest.mark.parametrize(
    "repository",
    [
        "https://github.com/acme/widgets",
        "https://github.com/acme/widgets/",
        "https://github.com/acme/widgets.git",
        "https://GITHUB.com/Acme/Widgets.git/",
        "http://github.com/acme/widgets",
        "git@github.com:acme/widgets.git",
        "git@GitHub.COM:acme/widgets",
        "ssh://git@github.com/acme/widgets.git",
    ],
)
def test_repository_url_forms(repository: str) -> None:
    result = _resolve(f"{GITHUB}/blob/main/README.md", repos=(repository,))
    assert (result.kind, result.target) == ("ok", "README.md")


@pytest.mark.parametrize(
    "repository",
    ["https://github.com/acme/other", "https://gitlab.com/acme/widgets", "", "not a url", "git@"],
)
def test_other_repositories_leave_blob_urls_external(repository: str) -> None:
    assert _resolve(f"{GITHUB}/blob/main/README.md", repos=(repository,)).kind == "external"


def test_gitlab_blob_urls_with_nested_groups() -> None:
    repos = ("https://gitlab.example.com/group/sub/proj.git",)
    base = "https://gitlab.example.com/group/sub/proj/-"
    assert _resolve(f"{base}/blob/main/src/app.py", repos=repos).target == "src/app.py"
    assert _resolve(f"{base}/tree/main/docs", repos=repos).kind == "ok"
    assert _resolve(f"{base}/blob/main/src/nope.py", repos=repos).kind == "missing"
    assert _resolve(f"{base}/issues/3", repos=repos).kind == "external"


def test_the_second_repository_url_counts_too() -> None:
    repos = ("https://github.com/acme/other", "git@github.com:acme/widgets.git")
    assert _resolve(f"{GITHUB}/blob/main/README.md", repos=repos).kind == "ok"


@pytest.mark.parametrize(
    ("source", "destination", "message"),
    [
        (
            SOURCE,
            "../decisions/0007-use-kafka.md",
            "`../decisions/0007-use-kafka.md` does not exist: "
            "it resolves to `docs/decisions/0007-use-kafka.md`",
        ),
        (SOURCE, "x.md#part", "`x.md` does not exist: it resolves to `docs/decisions/x.md`"),
        (
            # Written from the root in a record's folder: the doubled path shows why.
            SOURCE,
            "docs/decisions/0008-use-kafka.md",
            "`docs/decisions/0008-use-kafka.md` does not exist: "
            "it resolves to `docs/decisions/docs/decisions/0008-use-kafka.md`",
        ),
        (
            SOURCE,
            "0005-Use-Kafka.md",
            "`0005-Use-Kafka.md` differs only in case from `0005-use-kafka.md`; "
            "it will break on case-sensitive file systems",
        ),
        (
            "docs/guide/index.md",
            "../Decisions/0005-use-kafka.md",
            "`../Decisions/0005-use-kafka.md` differs only in case from "
            "`../decisions/0005-use-kafka.md`; it will break on case-sensitive file systems",
        ),
        (
            SOURCE,
            "/Readme.md",
            "`/Readme.md` differs only in case from `/README.md`; "
            "it will break on case-sensitive file systems",
        ),
        (
            SOURCE,
            "./0005-use-kafka.MD",
            "`./0005-use-kafka.MD` differs only in case from `./0005-use-kafka.md`; "
            "it will break on case-sensitive file systems",
        ),
        (
            SOURCE,
            "0005-use-kafka",
            "`0005-use-kafka` has no `.md`; the file is `0005-use-kafka.md`",
        ),
        (SOURCE, "my%20notes", "`my%20notes` has no `.md`; the file is `My%20Notes.md`"),
        (SOURCE, "my notes", "`my notes` has no `.md`; the file is `My Notes.md`"),
        (
            "README.md",
            "docs/decisions/0005-use-kafka",
            "`docs/decisions/0005-use-kafka` has no `.md`; "
            "the file is `docs/decisions/0005-use-kafka.md`",
        ),
        (
            SOURCE,
            "example.org/docs",
            "`example.org/docs` looks like a domain without a scheme; write `https://example.org/docs`",
        ),
        (SOURCE, "../../../etc/x.md", "`../../../etc/x.md` leaves the workspace"),
        (
            SOURCE,
            f"{GITHUB}/blob/main/docs/Guide/index.md",
            f"`{GITHUB}/blob/main/docs/Guide/index.md` differs only in case from "
            "`/docs/guide/index.md`; it will break on case-sensitive file systems",
        ),
    ],
)
def test_messages(source: str, destination: str, message: str) -> None:
    assert _resolve(destination, source=source).message == message


@pytest.mark.parametrize(
    ("kind", "code"),
    [
        ("ok", None), ("external", None), ("anchor", None), ("missing", "LNK001"),
        ("wrong-case", "LNK001"), ("missing-extension", "LNK001"),
        ("scheme-less-domain", "LNK001"), ("absolute-path", "LNK001"),
        ("escapes-workspace", "LNK002"), ("empty", "LNK001"),
    ],
)  # fmt: skip
def test_codes(kind: str, code: str | None) -> None:
    assert LinkResolution(kind, None, "m").code == code  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("label", "footnote"),
    [("^1", True), ("^note", True), ("1", False), ("a^b", False), ("", False), (None, False)],
)
def test_footnote_labels(label: str | None, footnote: bool) -> None:
    assert is_footnote_label(label) is footnote


def test_extensions_never_count_as_top_level_domains() -> None:
    for extension in ("md", "txt", "png", "py", "sh"):
        assert extension in FILE_EXTENSIONS
        assert _resolve(f"notes.{extension}").kind == "missing"


# --- FileIndex -------------------------------------------------------------------------


def test_index_derives_folders() -> None:
    assert INDEX.is_dir(".") and INDEX.is_dir("") and INDEX.is_dir("docs")
    assert INDEX.is_dir("docs/decisions") and INDEX.is_dir("docs/empty/")
    assert not INDEX.is_dir("README.md") and not INDEX.is_dir("nope")
    assert INDEX.exists("README.md") and INDEX.exists("docs/guide")
    assert INDEX.exists("./docs/guide/../guide/index.md")
    assert not INDEX.exists("readme.md") and not INDEX.exists("../README.md")
    assert "docs/Images" in INDEX.directories and "src/app.py" in INDEX.files


@pytest.mark.parametrize(
    ("path", "variant"),
    [
        ("readme.md", "README.md"),
        ("DOCS/GUIDE/SETUP.md", "docs/guide/Setup.MD"),
        ("docs/images", "docs/Images"),
        ("./docs/images/../Guide", "docs/guide"),
        ("README.md", None),
        ("docs", None),
        (".", None),
        ("nope.md", None),
        ("readme.md/x", None),
        ("../readme.md", None),
    ],
)
def test_case_variant(path: str, variant: str | None) -> None:
    assert INDEX.case_variant(path) == variant


def test_case_variant_searches_every_spelling_of_a_folder() -> None:
    index = FileIndex.build(["Docs/a.md", "docs/b.md", "DOCS/c.md"])
    assert index.case_variant("docs/A.md") == "Docs/a.md"
    assert index.case_variant("docs/C.MD") == "DOCS/c.md"
    assert index.case_variant("Docs/B.md") == "docs/b.md"
    assert index.case_variant("dOcs/d.md") is None
    # The exact spelling of a folder is tried first, whatever the sort order says.
    both = FileIndex.build(["Docs/a.md", "docs/a.md"])
    assert both.case_variant("docs/A.md") == "docs/a.md"
    assert both.case_variant("Docs/A.md") == "Docs/a.md"


def test_case_variant_tells_paths_apart_whose_foldings_share_a_hash(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The case table is keyed by the folding's hash; make every hash collide.
    from assay.engine.workspace import links

    monkeypatch.setattr(links, "hash", lambda _text: 7, raising=False)
    index = FileIndex.build(["Docs/a.md", "docs/b.md", "x/Y.md"])
    assert index.case_variant("docs/A.md") == "Docs/a.md"
    assert index.case_variant("X/y.md") == "x/Y.md"
    assert index.case_variant("DOCS") == "Docs"
    assert index.case_variant("docs/c.md") is None


@pytest.mark.parametrize("path", ["../x.md", "a/../../x.md", "", ".", "a/.."])
def test_index_rejects_paths_outside_the_workspace(path: str) -> None:
    with pytest.raises(ValueError, match="not a file path inside the workspace"):
        FileIndex.build([path])


def test_index_of_ten_thousand_files() -> None:
    paths = [f"d{i % 37}/s{i % 11}/File-{i}.md" for i in range(10_000)]
    index = FileIndex.build(paths)
    assert len(index.files) == 10_000
    assert index.case_variant("D5/S5/file-9999.MD") is None  # it is in d9/s0
    assert index.case_variant("D9/S0/file-9999.MD") == "d9/s0/File-9999.md"
    assert index.is_dir("d36/s10") and not index.is_dir("d37")


# --- properties ----------------------------------------------------------------------

COMPONENTS = st.sampled_from(
    ["..", ".", "", "docs", "Docs", "decisions", "guide", "0005-use-kafka.md", "0005-Use-Kafka",
     "README.md", "x", "%2e%2e", "%20", "example.org", "a b", "?q", "#f", "\\", ":"]
)  # fmt: skip
PATHISH = st.lists(COMPONENTS, max_size=8).map("/".join)
DESTINATIONS = st.one_of(
    st.text(),
    PATHISH,
    st.tuples(st.sampled_from(["/", "./", "../", "#", "//", "https://", f"{GITHUB}/blob/m/"]),
              PATHISH).map("".join),
)  # fmt: skip
SOURCES = st.one_of(st.sampled_from([*FILES, "new.md", "a/b/c/d.md"]), st.text(), PATHISH)
REPOSITORIES = st.lists(st.one_of(st.just(GITHUB), st.text(max_size=30)), max_size=3)


@given(source=SOURCES, destination=DESTINATIONS, repos=REPOSITORIES)
def test_resolution_never_raises(source: str, destination: str, repos: list[str]) -> None:
    result = resolve_link(source, destination, INDEX, repository_urls=repos)
    assert result.message
    assert (result.target is None) == (
        result.kind not in ("ok", "missing", "wrong-case", "missing-extension")
    )


@given(source=SOURCES, destination=DESTINATIONS)
def test_targets_are_normalized_paths_inside_the_workspace(source: str, destination: str) -> None:
    result = resolve_link(source, destination, INDEX, repository_urls=REPO)
    if result.target is None:
        return
    assert result.target == "." or not set(result.target.split("/")) & {"", ".", ".."}
    assert not result.target.startswith("/")
    assert posixpath.normpath(result.target) == result.target
    if result.kind == "ok":
        assert INDEX.exists(result.target)
    if result.kind in ("wrong-case", "missing-extension"):
        assert INDEX.exists(result.target)
    if result.kind == "missing-extension":
        assert result.target.casefold().endswith(".md")


NAMES = st.text(st.sampled_from("abAB-_ é"), min_size=1, max_size=6).filter(
    lambda name: name.strip(" .") == name and name not in (".", "..")
)


@given(a=NAMES, b=NAMES, c=st.sampled_from(["0005-use-kafka.md", "README.md", "x.md", "guide"]))
def test_dot_dot_cancels_a_folder(a: str, b: str, c: str) -> None:
    for source in (SOURCE, "README.md"):
        assert (
            _resolve(f"{a}/{b}/../{c}", source=source).target
            == _resolve(f"{a}/{c}", source=source).target
        )
        assert (
            _resolve(f"{a}/{b}/../{c}", source=source).kind
            == _resolve(f"{a}/{c}", source=source).kind
        )


@given(source=st.sampled_from(FILES), target=st.sampled_from(FILES), root=st.booleans())
def test_every_file_is_reachable_from_every_file(source: str, target: str, root: bool) -> None:
    relative = posixpath.relpath(target, posixpath.dirname(source) or ".")
    destination = quote("/" + target if root else relative)
    result = _resolve(destination, source=source)
    assert (result.kind, result.target) == ("ok", target)
    url = _resolve(f"{GITHUB}/blob/main/{quote(target)}", source=source)
    assert (url.kind, url.target) == ("ok", target)


@given(target=st.sampled_from(FILES), swaps=st.integers(min_value=0, max_value=2**40))
def test_case_changes_are_recognized(target: str, swaps: int) -> None:
    """Swapping the case of any letters of an existing path is noticed and corrected."""
    changed = "".join(ch.swapcase() if swaps >> i & 1 else ch for i, ch in enumerate(target))
    result = _resolve("/" + changed)
    expected = "ok" if changed == target else "wrong-case"
    assert (result.kind, result.target) == (expected, target)


@pytest.mark.parametrize("raw", [b"0009-\xff.md", b"0009-caf\xe9.md", b"0009-\xe2\x80\xae.md"])
def test_a_percent_encoded_link_finds_a_name_that_is_not_utf8(raw: bytes) -> None:
    """`%FF` is the byte 0xFF, as a file name is bytes: Python reads such a name with
    surrogateescape, and so does the link (it read U+FFFD and found nothing)."""
    import os

    name = os.fsdecode(b"docs/decisions/" + raw)
    index = FileIndex.build((*FILES, name), directories=[])
    found = resolve_link(SOURCE, quote(raw), index)
    assert (found.kind, found.target) == ("ok", name)


@given(
    root=st.sampled_from(["public", "static", "docs/public", "docs/src/public", "web/static"]),
    route=st.lists(NAMES, min_size=1, max_size=3).map("/".join),
    suffix=st.sampled_from([".png", ".svg", ".pdf", ".md"]),
    form=st.sampled_from(["/", "", "./"]),
    there=st.booleans(),
)
def test_a_static_file_is_found_only_where_it_is(
    root: str, route: str, suffix: str, form: str, there: bool
) -> None:
    """Generated static folders and links: a link resolves to the static file exactly
    when the folder holds it, and never to a file outside a static folder."""
    files = ["content/ADR-1-x.md", f"{root}/{route}{suffix}" if there else f"{root}/other.png"]
    index = FileIndex.build(files, static_roots=(root,))
    result = resolve_link("content/ADR-1-x.md", f"{form}{route}{suffix}", index)
    assert (result.kind == "ok") == there
    if there:
        assert result.target == f"{root}/{route}{suffix}"


@given(
    route=st.lists(NAMES, min_size=1, max_size=3).map("/".join),
    form=st.sampled_from(["", "./", "../"]),
    suffix=st.sampled_from(["", ".md", ".png"]),
    site=st.booleans(),
)
def test_a_relative_route_is_no_claim_only_on_a_site(
    route: str, form: str, suffix: str, site: bool
) -> None:
    """Generated links that name nothing in the workspace: a plain relative one that
    names no file (`adr/ADR-70`) is a route where a site serves a static folder, as a
    `<base href="/">` page resolves it from the site's root; written from the page's
    folder (`./`, `../`), naming a file (`.md`, `.png`), or with no site, it is missing."""
    files = ["content/ADR-1-x.md", *(["public/favicon.ico"] if site else [])]
    index = FileIndex.build(files, static_roots=("public",) if site else ())
    result = resolve_link("content/ADR-1-x.md", f"{form}{route}{suffix}", index)
    route_only = site and not form and not suffix
    assert result.kind == ("site-route" if route_only else "missing")


@given(
    ref=st.one_of(
        st.sampled_from(["main", "Master", "HEAD", "trunk", "develop"]),
        st.text(st.sampled_from("0123456789abcdef"), min_size=7, max_size=40),
        st.text(st.sampled_from("abv.-_1/"), min_size=1, max_size=12).filter(
            lambda r: r.strip("/") and r.split("/", 1)[0].casefold() not in MAIN_LINE
        ),
    ),
    target=st.sampled_from([*FILES, "docs/nope.md"]),
)
def test_a_repository_url_names_a_working_tree_file_only_on_its_main_line(
    ref: str, target: str
) -> None:
    """Generated refs: a link to this repository's `blob/<ref>/<path>` is checked as
    `<path>` when the ref is the main line, and otherwise (a commit, a tag, another
    branch, one with `/` in its name) names the file as it is there: no claim."""
    result = _resolve(f"{GITHUB}/blob/{quote(ref)}/{quote(target)}")
    if ref.split("/", 1)[0].casefold() in MAIN_LINE:
        assert result.kind == ("ok" if target in FILES else "missing")
    else:
        assert result.kind == "external"
