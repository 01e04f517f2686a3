"""``assay identity URL``: the normalized identity and the run slug, as text or JSON;
an identity no run could use is a usage error, and no argument ends in a trace."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from assay.cli import EXIT_ERROR, EXIT_OK
from tests.cli.test_arguments_property import RAW_CONTROL, run


def test_text_names_the_identity_and_the_slug(tmp_path: Path) -> None:
    code, out, err = run(["identity", " HTTPS://GitHub.com/VectifyAI/PageIndex.git/ "], tmp_path)
    assert (code, err) == (EXIT_OK, "")
    assert out == (
        "identity: https://github.com/VectifyAI/PageIndex\nslug: github.com-vectifyai-pageindex\n"
    )


def test_json_holds_the_identity_and_the_slug(tmp_path: Path) -> None:
    code, out, _ = run(["identity", "--format", "json", "git@GitHub.com:Org/Repo.git"], tmp_path)
    assert code == EXIT_OK
    assert json.loads(out) == {"identity": "git@github.com:Org/Repo", "slug": "github.com-org-repo"}


@pytest.mark.parametrize(
    ("argument", "says"),
    [
        ("", "is empty once normalized"),
        ("  .git/ ", "is empty once normalized"),
        ("...", "gives no run folder name"),
        ("https://-./", "gives no run folder name"),
    ],
)
def test_an_identity_no_run_can_use_is_a_usage_error(
    argument: str, says: str, tmp_path: Path
) -> None:
    code, out, err = run(["identity", argument], tmp_path)
    assert (code, out) == (EXIT_ERROR, "")
    assert says in err and "Traceback" not in err


def test_control_characters_are_escaped_in_text_and_exact_in_json(tmp_path: Path) -> None:
    argument = os.fsdecode(b"https://h/a\x1b[2J\xff") + "\u202e"
    code, out, _ = run(["identity", argument], tmp_path)
    assert code == EXIT_OK
    assert out.splitlines()[0] == "identity: https://h/a\\x1b[2J\\xff\\u202e"
    code, out, _ = run(["identity", "--format", "json", argument], tmp_path)
    assert code == EXIT_OK
    assert not RAW_CONTROL.search(out)
    assert os.fsencode(json.loads(out)["identity"][:-1]) == b"https://h/a\x1b[2J\xff"


def test_a_nul_is_a_usage_error(tmp_path: Path) -> None:
    code, _, err = run(["identity", "https://h/a\x00b"], tmp_path)
    assert code == EXIT_ERROR and "NUL" in err


_ARGUMENT = st.one_of(
    st.text(),
    st.binary(max_size=30).map(os.fsdecode),
    st.lists(st.sampled_from([" ", "/", ".git", "https://", "@", ":", "A", "\x1b", "-"])).map(
        "".join
    ),
)


@given(argument=_ARGUMENT, as_json=st.booleans())
@example(argument="-", as_json=False)
@example(argument="\u202e", as_json=True)
def test_any_argument_exits_0_or_2_without_a_trace(argument: str, as_json: bool) -> None:
    here = Path.cwd()
    code, out, err = run(
        ["identity", *(["--format=json"] if as_json else []), "--", argument], here
    )
    assert code in (EXIT_OK, EXIT_ERROR), err
    assert "Traceback" not in err
    assert not RAW_CONTROL.search(out + err), (out, err)
    if code == EXIT_OK and as_json:
        assert set(json.loads(out)) == {"identity", "slug"}
