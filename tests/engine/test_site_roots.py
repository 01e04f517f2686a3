"""Which folders a root-relative link may name a page of: `docs/`, each Docusaurus
site's folder with its `docs/` and `static/`, and each MkDocs `docs_dir`."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assay.engine.workspace.hugo_mounts import hugo_mounts
from assay.engine.workspace.links import FileIndex
from assay.engine.workspace.site_roots import site_roots, static_roots


def _roots(tmp_path: Path, files: dict[str, str]) -> tuple[str, ...]:
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    return site_roots(tmp_path, FileIndex.build(files, normal=True))


def test_a_plain_repository_has_docs_only_when_it_has_the_folder(tmp_path: Path) -> None:
    """Without a site, `docs/` is the one usual site root, and only when it exists."""
    assert _roots(tmp_path, {"README.md": "", "docs/adr/0001-x.md": ""}) == ("docs",)
    assert _roots(tmp_path / "bare", {"adr/0001-x.md": ""}) == ()


def test_a_docusaurus_site_one_folder_down(tmp_path: Path) -> None:
    """`website/docusaurus.config.ts` serves `website/` (routes `/docs/…`), its
    `docs/` (`routeBasePath: '/'`) and its `static/` files."""
    files = {
        "website/docusaurus.config.ts": "export default {};",
        "website/docs/intro.md": "",
        "website/static/img/a.png": "",
        "docs/adr/0001-x.md": "",
    }
    assert _roots(tmp_path, files) == ("docs", "website", "website/docs", "website/static")


@pytest.mark.parametrize(
    ("line", "roots"),
    [
        ("docs_dir: handbook", ("handbook",)),
        ("docs_dir: 'handbook/'  # the pages", ("handbook",)),
        ('docs_dir: "./handbook"', ("handbook",)),
        ("docs_dir: ../elsewhere", ()),
        ("site_name: no docs_dir", ()),
    ],
)
def test_the_docs_dir_mkdocs_names(tmp_path: Path, line: str, roots: tuple[str, ...]) -> None:
    """MkDocs' `docs_dir` is read as text (a tag no safe loader takes does not stop it);
    one that leaves the site's folder, or none, is MkDocs' default `docs` (absent here)."""
    files = {
        "mkdocs.yml": f"site_name: x\n{line}\nx: !!python/name:material.emoji\n",
        "handbook/index.md": "",
        "elsewhere/index.md": "",
    }
    assert _roots(tmp_path, files) == roots


def test_static_folders_at_most_three_deep() -> None:
    """`public/` and `static/` serve their files at a site's root, at the root of the
    repository or in a site's folder (`docs/src/public`); deeper ones are content."""
    index = FileIndex.build(
        [
            "public/a.png",
            "docs/src/public/b.png",
            "website/static/img/c.png",
            "a/b/c/public/d.png",
            "docs/publication/e.png",
        ],
        normal=True,
    )
    assert static_roots(index) == ("public", "website/static", "docs/src/public")


def test_a_hugo_site_one_folder_down(tmp_path: Path) -> None:
    """`site/hugo.toml` serves `site/content/` and each language's folder
    (`content/en`, as Hugo's `contentDir` names it); a folder of another name is no
    language."""
    files = {
        "site/hugo.toml": "",
        "site/content/en/docs/concepts/roles.md": "",
        "site/content/pt-br/docs/x.md": "",
        "site/content/guides/y.md": "",
        "geps/gep-1/index.md": "",
    }
    assert _roots(tmp_path, files) == ("site/content", "site/content/en", "site/content/pt-br")


HUGO_TOML = """
[module]
  [[module.mounts]]
    source = "content/en"
    target = "content"
  [[module.mounts]]
    source = "../geps"
    target = "content/geps"
  [[module.mounts]]
    source = "../../outside"
    target = "content/outside"
  [[module.mounts]]
    source = "assets"
    target = "assets"
"""


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("site/hugo.toml", HUGO_TOML),
        (
            "site/hugo.yaml",
            "module:\n  mounts:\n    - {source: content/en, target: content}\n"
            "    - {source: ../geps, target: content/geps}\n"
            "    - {source: ../../outside, target: content/outside}\n",
        ),
        (
            "site/hugo.json",
            '{"module": {"mounts": [{"source": "content/en", "target": "content"},'
            ' {"source": "../geps", "target": "content/geps"}]}}',
        ),
    ],
)
def test_hugo_mounts_are_read_as_content_folders(tmp_path: Path, name: str, text: str) -> None:
    """gateway-api's `site/hugo.toml` shows `geps/` as `content/geps` and
    `site/content/en` as `content`; a mount that leaves the workspace, or is no
    content, is left out."""
    files = {name: text, "geps/gep-1/index.md": "", "site/content/en/geps/overview.md": ""}
    for path, body in files.items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(body, encoding="utf-8")
    index = FileIndex.build(files, normal=True)
    assert hugo_mounts(tmp_path, index) == (
        ("site/content/en", "content"),
        ("geps", "content/geps"),
    )


@pytest.mark.parametrize("text", ["[module\n", "module: [", "{", "\xff"])
def test_a_hugo_config_that_cannot_be_read_mounts_nothing(tmp_path: Path, text: str) -> None:
    (tmp_path / "hugo.toml").write_text(text, encoding="utf-8", errors="surrogateescape")
    assert hugo_mounts(tmp_path, FileIndex.build(["hugo.toml"], normal=True)) == ()


MOUNT = '[module]\n[[module.mounts]]\nsource = "{source}"\ntarget = "{target}"\n'
SOURCES = st.sampled_from(["/etc", "../x", "a/../../b", ".", "content/en", "../geps"])
TARGETS = st.sampled_from(["content", "content/geps", "/content", "assets", "content/../x"])


@settings(max_examples=min(settings().max_examples, 40))
@given(
    name=st.sampled_from(["hugo.toml", "hugo.yaml", "hugo.json", "site/hugo.toml"]),
    raw=st.binary(max_size=300)
    | st.builds(
        lambda source, target: MOUNT.format(source=source, target=target).encode(),
        SOURCES | st.text("abc./ ", max_size=12),
        TARGETS | st.text("content/ab.", max_size=12),
    ),
)
def test_any_hugo_config_gives_mounts_inside_the_workspace(name: str, raw: bytes) -> None:
    """Any bytes as a Hugo site's configuration: no exception, and every mount is a
    folder inside the workspace shown as content."""
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(raw)
        for source, shown in hugo_mounts(root, FileIndex.build([name], normal=True)):
            assert not source.startswith(("..", "/")) and source != "."
            assert shown == "content" or shown.startswith("content/")
