"""Analysis runs checked with no configuration: a complete run is clean, and each way a
run breaks ADR 097 fails with exactly its codes."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import assay
from assay.spec.diagnostics import Diagnostic
from tests.engine.runs.builders import BOUNDARY, MEMORY, OVERVIEW, RUN_TOML, SOURCE, write_run

RUN = "runs/github.com-pallets-flask"


def _diagnostics(root: Path) -> tuple[Diagnostic, ...]:
    return assay.check(root, cache=False).diagnostics


def _codes(root: Path) -> set[str]:
    return {d.code for d in _diagnostics(root)}


def test_a_complete_run_is_clean(tmp_path: Path) -> None:
    write_run(tmp_path)
    report = assay.check(tmp_path, cache=False)
    assert report.diagnostics == ()
    assert f"{RUN}/run.toml" in report.files
    assert len(report.files) == 7


def test_a_missing_lens_is_doc017_at_run_toml(tmp_path: Path) -> None:
    write_run(tmp_path, memory=None)
    (found,) = _diagnostics(tmp_path)
    assert (found.code, found.path, found.span.line, found.span.column) == (
        "DOC017",
        f"{RUN}/run.toml",
        1,
        1,
    )
    assert "lenses/memory.md" in found.message and "memory lens" in found.message


def test_a_lens_naming_other_inputs_is_fld009(tmp_path: Path) -> None:
    memory = MEMORY.replace(
        "Inputs: boundary.md, output/runtime.md", "Inputs: boundary.md, memory-input.md"
    )
    write_run(tmp_path, memory=memory)
    (found,) = _diagnostics(tmp_path)
    assert (found.code, found.path, found.span.line, found.span.column) == (
        "FLD009",
        f"{RUN}/lenses/memory.md",
        3,
        9,
    )
    assert "`memory-input.md`" in found.message and "`output/runtime.md`" in found.message


def test_inputs_named_by_links_and_backticks_pass(tmp_path: Path) -> None:
    memory = MEMORY.replace(
        "Inputs: boundary.md, output/runtime.md",
        "Inputs: [the runtime member](../output/runtime.md) and `boundary.md`.",
    )
    write_run(tmp_path, memory=memory)
    assert _diagnostics(tmp_path) == ()


def test_a_bad_inputs_commit_is_fld003_in_run_toml(tmp_path: Path) -> None:
    write_run(tmp_path, run_toml=RUN_TOML.replace('inputs-commit = "9b1d', 'inputs-commit = "zz1d'))
    (found,) = _diagnostics(tmp_path)
    assert (found.code, found.path, found.span.line, found.span.column) == (
        "FLD003",
        f"{RUN}/run.toml",
        3,
        17,
    )


def test_a_run_toml_that_is_not_toml_is_doc019_where_tomllib_says(tmp_path: Path) -> None:
    write_run(tmp_path, run_toml=RUN_TOML.replace('system = "Flask"', 'system = "Flask'))
    (found,) = _diagnostics(tmp_path)
    # tomllib: "Illegal character '\n' (at line 1, column 16)"
    assert (found.code, found.path, found.span.line, found.span.column) == (
        "DOC019",
        f"{RUN}/run.toml",
        1,
        16,
    )
    assert found.message.startswith("run.toml is not valid TOML: Illegal character")


def test_a_run_toml_left_open_is_doc019_at_its_end(tmp_path: Path) -> None:
    write_run(tmp_path, run_toml=RUN_TOML + "steps = [\n")
    (found,) = _diagnostics(tmp_path)
    assert found.code == "DOC019"
    assert (found.span.line, found.span.column) == (RUN_TOML.count("\n") + 2, 1)


def test_a_dotted_key_of_many_parts_is_doc019_before_tomllib_reads_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """tomllib is quadratic in one key's parts (the soak found 100,000 of them taking
    minutes): past 32 the reading stops at the key, and tomllib never sees the text."""
    import tomllib

    key = ".".join(f"k{n}" for n in range(100_000))
    write_run(tmp_path, run_toml=RUN_TOML + f"\n{key} = 1\n")

    def never(text: str) -> object:
        raise AssertionError("tomllib read a dotted key past the bound")

    monkeypatch.setattr(tomllib, "loads", never)
    (found,) = _diagnostics(tmp_path)
    assert (found.code, found.span.line, found.span.column) == (
        "DOC019",
        RUN_TOML.count("\n") + 2,
        1,
    )
    assert found.message == "run.toml is not valid TOML: a dotted key has more than 32 parts"


def test_a_run_toml_not_utf8_is_doc001(tmp_path: Path) -> None:
    write_run(tmp_path, run_toml=b'system = "Fl\xe4sk"\n')
    (found,) = _diagnostics(tmp_path)
    assert (found.code, found.span.line, found.span.column) == ("DOC001", 1, 13)


def test_a_missing_source_is_fld001_at_run_toml(tmp_path: Path) -> None:
    write_run(tmp_path, run_toml=RUN_TOML.replace(f'source = "{SOURCE}"\n', ""))
    (found,) = _diagnostics(tmp_path)
    assert (found.code, found.path, found.span.line) == ("FLD001", f"{RUN}/run.toml", 1)
    assert "`source`" in found.message


def test_a_link_into_a_sibling_folder_is_lnk002(tmp_path: Path) -> None:
    overview = OVERVIEW.replace(
        "See the [runtime member](output/runtime.md)", "See the [notes](../notes/flask.md)"
    )
    write_run(tmp_path, overview=overview)
    (tmp_path / "runs/notes").mkdir()
    (tmp_path / "runs/notes/flask.md").write_text("# Notes\n")
    (found,) = _diagnostics(tmp_path)
    assert (found.code, found.path) == ("LNK002", f"{RUN}/overview.md")
    assert f"leaves the run folder `{RUN}`" in found.message


@pytest.mark.parametrize(
    "link",
    [
        '<a href="../notes/flask.md">the notes</a>',
        "<IMG SRC='../notes/flask.md'>",
        "<a title=n href=../notes/fl&#97;sk.md>the notes</a>",
    ],
)
def test_a_raw_html_link_into_a_sibling_folder_is_lnk002(tmp_path: Path, link: str) -> None:
    """Raw HTML links as Markdown does: its `href` or `src` must stay in the run too."""
    overview = OVERVIEW.replace("See the [runtime member](output/runtime.md)", f"See {link}")
    write_run(tmp_path, overview=overview)
    (tmp_path / "runs/notes").mkdir()
    (tmp_path / "runs/notes/flask.md").write_text("# Notes\n")
    (found,) = _diagnostics(tmp_path)
    assert (found.code, found.path, found.span.line) == ("LNK002", f"{RUN}/overview.md", 12)
    assert f"leaves the run folder `{RUN}`" in found.message


def test_a_raw_html_block_link_leaving_the_workspace_is_lnk002(tmp_path: Path) -> None:
    """The issue's own example, in an HTML block of the overview."""
    overview = OVERVIEW.replace(
        "## Limitations", '<p>\n  <a href="../../../README.md">readme</a>\n</p>\n\n## Limitations'
    )
    write_run(tmp_path, overview=overview)
    (found,) = _diagnostics(tmp_path)
    assert (found.code, found.span.line, found.span.column) == ("LNK002", 15, 12)
    assert found.message == "`../../../README.md` leaves the workspace"


def test_a_raw_html_link_leaving_the_run_is_found_from_the_cache_too(
    tmp_path: Path, cache_home: Path
) -> None:
    """The cached link destinations hold the raw HTML ones (cache layout 5)."""
    overview = OVERVIEW.replace(
        "See the [runtime member](output/runtime.md)", '<a href="../notes/flask.md">notes</a>'
    )
    write_run(tmp_path, overview=overview)
    (tmp_path / "runs/notes").mkdir()
    (tmp_path / "runs/notes/flask.md").write_text("# Notes\n")
    first = assay.check(tmp_path).diagnostics
    second = assay.check(tmp_path).diagnostics
    assert [d.code for d in first] == [d.code for d in second] == ["LNK002"]


def test_a_link_leaving_the_run_is_found_from_the_cache_too(
    tmp_path: Path, cache_home: Path
) -> None:
    """A warm run serves the overview from the check cache: its links are checked again,
    and still against the run's folder."""
    overview = OVERVIEW.replace(
        "See the [runtime member](output/runtime.md)", "See the [notes](../notes/flask.md)"
    )
    write_run(tmp_path, overview=overview)
    (tmp_path / "runs/notes").mkdir()
    (tmp_path / "runs/notes/flask.md").write_text("# Notes\n")
    first = assay.check(tmp_path).diagnostics
    second = assay.check(tmp_path).diagnostics
    assert [d.code for d in first] == [d.code for d in second] == ["LNK002"]


def test_a_folder_not_named_by_the_slug_is_idn003(tmp_path: Path) -> None:
    write_run(tmp_path, slug="flask")
    (found,) = _diagnostics(tmp_path)
    assert (found.code, found.path, found.span.line, found.span.column) == (
        "IDN003",
        "runs/flask/run.toml",
        2,
        10,
    )
    assert "`github.com-pallets-flask`" in found.message


def test_identities_that_differ_are_idn002(tmp_path: Path) -> None:
    write_run(tmp_path, boundary=BOUNDARY.replace("pallets/flask", "pallets/quart"))
    (found,) = _diagnostics(tmp_path)
    assert (found.code, found.path, found.span.line, found.span.column) == (
        "IDN002",
        f"{RUN}/boundary.md",
        3,
        20,
    )
    assert [(r.path, r.span and r.span.line) for r in found.related] == [(f"{RUN}/run.toml", 2)]


@pytest.mark.parametrize(
    "caller",
    [
        "https://GitHub.COM/pallets/flask",
        "https://github.com/pallets/flask.git",
        "https://github.com/pallets/flask/",
        "  HTTPS://github.com/pallets/flask.git/  ",
    ],
)
def test_identities_differing_only_in_form_pass(tmp_path: Path, caller: str) -> None:
    write_run(tmp_path, run_toml=RUN_TOML.replace(f'"{SOURCE}"', f'"{caller}"'))
    assert _diagnostics(tmp_path) == ()


def test_the_frozen_identity_is_the_source_normalized_once(tmp_path: Path) -> None:
    """Issue 24: normalizing is not idempotent — `…/flask/.git` freezes as `…/flask/`,
    which normalizes on to `…/flask`. The boundary holding `…/flask/` is right; IDN001
    must not ask for `…/flask`, nor IDN002 accept it."""
    caller = f"{SOURCE}/.git"
    run_toml = RUN_TOML.replace(f'"{SOURCE}"', f'"{caller}"')
    write_run(tmp_path, run_toml=run_toml, boundary=BOUNDARY.replace(SOURCE, f"{SOURCE}/"))
    assert _diagnostics(tmp_path) == ()
    write_run(tmp_path, run_toml=run_toml)  # the boundary freezes `SOURCE`, normalized twice
    (found,) = _diagnostics(tmp_path)
    assert (found.code, found.path, found.span.line) == ("IDN002", f"{RUN}/boundary.md", 3)
    assert f"is not the normal form of run.toml's `{caller}`: write `{SOURCE}/`" in found.message


def test_a_path_differing_in_case_is_another_source(tmp_path: Path) -> None:
    write_run(
        tmp_path, run_toml=RUN_TOML.replace(f'"{SOURCE}"', '"https://github.com/Pallets/Flask"')
    )
    assert _codes(tmp_path) == {"IDN002"}


def test_a_run_from_before_adr_097_fails_with_doc004_and_fld004(tmp_path: Path) -> None:
    overview = OVERVIEW.replace(
        "## Limitations", "## Lens scoping\n\nFull depth for both lenses.\n\n## Limitations"
    )
    memory = MEMORY.replace(
        "Inputs: boundary.md, output/runtime.md",
        "Inputs: boundary.md, output/runtime.md\n"
        "canonical-register-sha256: "
        "5e884898da28047151d0e56f8dc6292773603d0d6aabbdd62a11ef721d1542d8\n"
        "method-sha256: 6b86b273ff34fce19d6b804eff5a3f5747ada4eaa22f1d49c01e52ddb7875b4b\n"
        "worker-model: example-model-2026-03",
    )
    write_run(tmp_path, overview=overview, memory=memory)
    found = _diagnostics(tmp_path)
    assert {d.code for d in found} == {"DOC004", "FLD004"}
    assert sorted(d.code for d in found) == ["DOC004", "FLD004", "FLD004", "FLD004"]


def test_a_blockers_list_is_frm004_and_only_that(tmp_path: Path) -> None:
    verify = (
        "# Verification\n\nThe overview was read against the members.\n\n### Blockers\n\n"
        "- The overview claims thread safety; no member read the locking code.\n"
        "- The Limitations omit the CLI.\n"
    )
    write_run(tmp_path, verify=verify)
    (found,) = _diagnostics(tmp_path)
    assert (found.code, found.severity, found.path, found.span.line) == (
        "FRM004",
        "info",
        f"{RUN}/verify.md",
        5,
    )
    assert "verify.md lists 2 blockers" in found.message


def test_an_earlier_rounds_blockers_are_not_open(tmp_path: Path) -> None:
    old = "# Verification, round 1\n\n### Blockers\n\n- The synthesis leans on the members.\n"
    write_run(tmp_path, extra={"rounds/01/verify.md": old})
    assert _diagnostics(tmp_path) == ()


def test_an_earlier_round_is_typed_and_checked(tmp_path: Path) -> None:
    """rounds/NN/overview.md is read as an overview: Lens scoping fails there too."""
    old = OVERVIEW.replace("## Limitations", "## Lens scoping\n\nBrief.\n\n## Limitations")
    old = old.replace("(output/runtime.md)", "(../../output/runtime.md)")
    write_run(tmp_path, extra={"rounds/01/overview.md": old})
    (found,) = _diagnostics(tmp_path)
    assert (found.code, found.path) == ("DOC004", f"{RUN}/rounds/01/overview.md")


def test_a_note_the_run_keeps_is_untyped_but_its_links_count(tmp_path: Path) -> None:
    write_run(tmp_path, extra={"notes/reading.md": "# Reading notes\n\nSee [gone](gone.md).\n"})
    (found,) = _diagnostics(tmp_path)
    assert (found.code, found.path) == ("LNK001", f"{RUN}/notes/reading.md")


def test_a_run_is_checked_with_include_set_too(tmp_path: Path) -> None:
    (tmp_path / "assay.toml").write_text('include = ["docs/*.md"]\n')
    write_run(tmp_path, memory=None)
    assert _codes(tmp_path) == {"DOC017"}


def test_a_report_limited_to_the_run_folder_has_run_toml_findings(tmp_path: Path) -> None:
    write_run(tmp_path, slug="flask", extra={"review.md": "# Flask\n"})
    report = assay.check(tmp_path, ["runs/flask"], cache=False)
    assert [(d.code, d.path) for d in report.diagnostics] == [
        ("DOC018", "runs/flask/review.md"),
        ("IDN003", "runs/flask/run.toml"),
    ]
    only_review = assay.check(tmp_path, ["runs/flask/review.md"], cache=False)
    assert only_review.unmatched_paths == ()
    assert [d.code for d in only_review.diagnostics] == ["DOC018"]
    elsewhere = assay.check(tmp_path, ["runs/flask/boundary.md"], cache=False)
    assert elsewhere.diagnostics == ()


def test_review_md_is_no_member(tmp_path: Path) -> None:
    """The review is generated: it is not read as a document (its links and title are
    the renderer's): a broken link in it is no LNK001, only the stale review it is."""
    write_run(tmp_path, extra={"review.md": "See [gone](gone.md).\n"})
    report = assay.check(tmp_path, cache=False)
    assert [(d.code, d.path) for d in report.diagnostics] == [("DOC018", f"{RUN}/review.md")]
    assert f"{RUN}/review.md" not in report.files


#: Fragments a run.toml is made of, for draws that get past tomllib now and then.
_PIECES = st.sampled_from(
    [
        'system = "Flask"\n',
        f'source = "{SOURCE}"\n',
        'inputs-commit = "9b1d4c3e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c"\n',
        "source = 3\n",
        "system = [1, 2]\n",
        "[timing]\n",
        'a.b = "x"\n',
        '"source" = """\nmulti\n"""\n',
        "x = [[[[[[",
        "\ufeff",
        "\r\n",
        "# comment\n",
        "source = ''\n",
    ]
)


@settings(max_examples=min(settings().max_examples, 60))
@given(
    st.one_of(
        st.binary(max_size=200),
        st.lists(st.one_of(_PIECES, st.text(max_size=8)), max_size=8).map(
            lambda parts: "".join(parts).encode("utf-8", "surrogatepass")
        ),
    )
)
def test_any_bytes_as_run_toml_never_crash_the_check(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as where:
        root = Path(where)
        write_run(root, run_toml=data)
        report = assay.check(root, cache=False)
        assert not [d for d in report.diagnostics if d.code == "INT001"], report.diagnostics
        assert all(d.span.line >= 1 and d.span.column >= 1 for d in _located(report.diagnostics))


def _located(diagnostics: tuple[Diagnostic, ...]) -> list[Diagnostic]:
    return [d for d in diagnostics if d.path.endswith("run.toml")]


def test_a_warm_report_limited_to_one_member_still_compares_the_run(
    tmp_path: Path, cache_home: Path
) -> None:
    """pre-commit passes the changed file: with a warm check summary, the run's other
    files are not read by the document pass, yet the run checks see them all."""
    write_run(tmp_path)
    assert assay.check(tmp_path).diagnostics == ()
    boundary = tmp_path / RUN / "boundary.md"
    boundary.write_text(BOUNDARY.replace("pallets/flask", "pallets/quart"))
    report = assay.check(tmp_path, [f"{RUN}/boundary.md"])
    assert [(d.code, d.path) for d in report.diagnostics] == [("IDN002", f"{RUN}/boundary.md")]
    assert assay.check(tmp_path, [f"{RUN}/overview.md"]).diagnostics == ()


def test_a_memory_input_file_left_in_a_run_is_doc020_at_the_file(tmp_path: Path) -> None:
    """Issue 24: ADR 097 deleted `memory-input.md`; a run keeping one passed silently."""
    write_run(tmp_path, extra={"lenses/memory-input.md": "# Memory input\n\nThe bundle.\n"})
    (found,) = _diagnostics(tmp_path)
    assert (found.code, found.path, found.span.line, found.span.column) == (
        "DOC020",
        f"{RUN}/lenses/memory-input.md",
        1,
        1,
    )
    assert "deleted by ADR 097" in found.message


@pytest.mark.parametrize("marks", ["##", "####"])
def test_blockers_under_another_heading_than_h3_is_frm005(tmp_path: Path, marks: str) -> None:
    """Issue 24: the seed names `### Blockers`; `## Blockers` was accepted silently.
    Decided: reported (an error, so the run is not verified), its text still read."""
    from tests.engine.runs.builders import VERIFY

    write_run(tmp_path, verify=VERIFY.replace("### Blockers", f"{marks} Blockers"))
    (found,) = _diagnostics(tmp_path)
    assert (found.code, found.path, found.span.line) == ("FRM005", f"{RUN}/verify.md", 5)
    assert f"`{marks} Blockers` is not the `### Blockers` heading" in found.message
    assert not assay.verify_run(tmp_path / RUN).verified


def test_a_round_verification_is_held_to_the_heading_too(tmp_path: Path) -> None:
    round_verify = (
        "# Verification, round 1\n\n## Blockers\n\n- The synthesis leans on the members.\n"
    )
    write_run(tmp_path, extra={"rounds/01/verify.md": round_verify})
    assert [(d.code, d.path) for d in _diagnostics(tmp_path)] == [
        ("FRM005", f"{RUN}/rounds/01/verify.md")
    ]


@pytest.mark.parametrize(
    ("ours", "theirs"),
    [
        ("https://github.com/o/flask", "https://github.com/o/Flask"),
        ("https://github.com/a-b/c", "https://github.com/a/b-c"),
    ],
)
def test_two_runs_of_different_sources_with_one_slug_are_idn004_at_both(
    tmp_path: Path, ours: str, theirs: str
) -> None:
    """Issue 24: different identities may not share a slug; both runs are reported."""
    from assay.engine.runs.identity import run_slug

    slug = run_slug(ours)
    assert run_slug(theirs) == slug
    write_run(tmp_path, slug, run_toml=RUN_TOML.replace(f'"{SOURCE}"', f'"{ours}"'))
    theirs_toml = RUN_TOML.replace(f'"{SOURCE}"', f'"{theirs}"')
    write_run(tmp_path / "archive", slug, run_toml=theirs_toml)  # `archive/runs/<slug>`
    found = [d for d in _diagnostics(tmp_path) if d.code == "IDN004"]
    assert [(d.path, d.span.line, d.span.column) for d in found] == [
        (f"archive/runs/{slug}/run.toml", 2, 10),
        (f"runs/{slug}/run.toml", 2, 10),
    ]
    assert f"`{theirs}` has the slug" in found[0].message and f"`{ours}`" in found[0].message
    assert [r.path for d in found for r in d.related] == [
        f"runs/{slug}/run.toml",
        f"archive/runs/{slug}/run.toml",
    ]


def test_two_runs_of_one_source_spelled_twice_are_no_collision(tmp_path: Path) -> None:
    write_run(tmp_path)
    archived = write_run(tmp_path / "archive")
    (archived / "run.toml").write_text(RUN_TOML.replace(f'"{SOURCE}"', f'"{SOURCE}.git"'))
    assert "IDN004" not in _codes(tmp_path)


def test_a_collision_made_by_another_run_reaches_a_run_served_from_the_cache(
    tmp_path: Path,
) -> None:
    """A run's findings are cached by its files' stamps; IDN004 depends on the other
    runs' manifests too, so changing one of them recomputes every run."""
    write_run(tmp_path)
    archived = write_run(tmp_path / "archive")
    assert "IDN004" not in {d.code for d in assay.check(tmp_path).diagnostics}
    (archived / "run.toml").write_text(RUN_TOML.replace("pallets/flask", "Pallets/Flask"))
    found = [d.path for d in assay.check(tmp_path).diagnostics if d.code == "IDN004"]
    assert found == [f"archive/{RUN}/run.toml", f"{RUN}/run.toml"]
