"""The source identity's normal form (ADR 097) and the run slug derived from it.

The rule is small and nothing may be added to it: strip surrounding whitespace, a
trailing ``/`` and a trailing ``.git`` — each once, in that order — and lowercase a
URL's scheme and host.  The table pins each clause (and what it must leave alone:
userinfo, port, the path's case, query and fragment); the properties hold it over
text of any shape, against the seed's sentence written as plain string operations.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import assume, example, given
from hypothesis import strategies as st

from assay.engine.runs import identity, slugs
from assay.engine.runs.identity import normalize_identity, run_slug
from tests.cost import assert_linear

EXAMPLES = {
    "whitespace": (" \t https://github.com/o/r \n", "https://github.com/o/r"),
    "trailing-slash": ("https://github.com/o/r/", "https://github.com/o/r"),
    # Issue 24: once each — `r//` was `r`, and `r.git.git` was `r`.
    "trailing-slashes": ("https://github.com/o/r//", "https://github.com/o/r/"),
    "trailing-gits": ("https://github.com/o/r.git.git", "https://github.com/o/r.git"),
    "trailing-git": ("https://github.com/o/r.git", "https://github.com/o/r"),
    "git-then-slash": ("https://github.com/o/r.git/", "https://github.com/o/r"),
    "slash-then-git": ("https://github.com/o/r/.git", "https://github.com/o/r/"),
    "all-of-them": ("  https://github.com/o/r.git/  ", "https://github.com/o/r"),
    "scheme-and-host-case": ("HTTPS://GitHub.COM/o/r", "https://github.com/o/r"),
    "userinfo-kept": ("https://Me:Pw@GitHub.com/o/r", "https://Me:Pw@github.com/o/r"),
    "port-kept": ("https://GitHub.com:8443/o/r", "https://github.com:8443/o/r"),
    "path-case-kept": (
        "https://github.com/VectifyAI/PageIndex",
        "https://github.com/VectifyAI/PageIndex",
    ),
    "ssh-url": ("ssh://git@GitHub.com:22/Org/Repo.git", "ssh://git@github.com:22/Org/Repo"),
    "scp-like": ("git@GitHub.com:Org/Repo.git", "git@github.com:Org/Repo"),
    "local-path": ("/srv/Git/Repo.git/", "/srv/Git/Repo"),
    "relative-path": ("../Work/Repo", "../Work/Repo"),
    "file-url": ("FILE:///Srv/Repo.git", "file:///Srv/Repo"),
    "query-kept": ("https://GitHub.com/o/r?Ref=Main", "https://github.com/o/r?Ref=Main"),
    "fragment-kept": ("https://GitHub.com/o/r#Readme", "https://github.com/o/r#Readme"),
    "git-inside-kept": ("https://github.com/o/r.git?x", "https://github.com/o/r.git?x"),
    "upper-git-kept": ("https://github.com/o/R.GIT", "https://github.com/o/R.GIT"),
    "host-ending-git": ("HTTPS://X.GIT", "https://x.git"),  # `.git` is stripped before
    "empty": ("  .git/ ", ""),
}


@pytest.mark.parametrize(("given_", "normal"), EXAMPLES.values(), ids=EXAMPLES.keys())
def test_examples_normalize_as_adr_097_says(given_: str, normal: str) -> None:
    assert normalize_identity(given_) == normal


SLUGS = {
    "https": ("https://github.com/VectifyAI/PageIndex.git", "github.com-vectifyai-pageindex"),
    "scp-like": ("git@github.com:pallets/flask.git", "github.com-pallets-flask"),
    "userinfo-dropped": ("https://me@github.com/o/r", "github.com-o-r"),
    "local-path": ("/srv/Git/Repo", "srv-git-repo"),
    "punctuation-only": (" /// ", ""),
}


@pytest.mark.parametrize(("given_", "slug"), SLUGS.values(), ids=SLUGS.keys())
def test_slug_examples(given_: str, slug: str) -> None:
    assert run_slug(given_) == slug


#: Characters that make the rule's clauses meet: whitespace, `/`, `.git`, `:`, `@`,
#: case, and any other character as often as all of them.
_PIECES = st.sampled_from(
    [
        *(" ", "\t", "\n", "\u3000", "/", "//", ".git", ".GIT", ".", "git", ":", "://", "@"),
        *("https://", "HTTP://", "git@", "Host", "A", "x", "?", "#", "İ", "K"),
    ]
)
TEXTS = st.one_of(
    st.text(), st.lists(st.one_of(_PIECES, st.characters()), max_size=30).map("".join)
)
_SPACE = st.text(alphabet=" \t\n\r\x0b\x0c\x85\xa0\u2003\u3000", max_size=3)


def _seed_rule(text: str) -> str:
    """ADR 097's sentence as plain string operations, each clause once, in its order;
    the host lowercased as the module does it (the clause under test is the strip)."""
    stripped = text.strip().removesuffix("/").removesuffix(".git")
    return identity._lower_host(stripped)


@given(TEXTS)
@example("HTTPS://X.GIT")  # the host lowercased ends in `.git`: not stripped again
@example("x.git .git")
@example("r.git.git")
@example("r//")
@example("a@B://")  # stripped, it becomes scp-like: `a@B:`
def test_each_clause_applies_once_in_the_seed_order(text: str) -> None:
    assert normalize_identity(text) == _seed_rule(text)


@given(TEXTS, st.sampled_from(["", "/", ".git", ".git/"]), _SPACE, _SPACE)
@example("https://github.com/o/r", ".git/", " ", "\n")
def test_what_the_rule_strips_added_to_a_normal_form_normalizes_back(
    text: str, suffix: str, before: str, after: str
) -> None:
    """One of each clause's suffix, added to a normal form that ends in none of them,
    comes off again."""
    normal = normalize_identity(text)
    assume(normal == normal.rstrip() and not normal.endswith(("/", ".git")))
    assert normalize_identity(before + normal + suffix + after) == normal


@given(TEXTS, st.sampled_from(["//", ".git.git", ".git/.git", "/.git"]))
def test_a_second_suffix_stays(text: str, suffix: str) -> None:
    """Issue 24: a trailing `/` and a trailing `.git` are stripped once each."""
    normal = normalize_identity(text)
    assume(normal == normal.rstrip() and not normal.endswith(("/", ".git")))
    kept = {"//": "/", ".git.git": ".git", ".git/.git": ".git/", "/.git": "/"}[suffix]
    assert normalize_identity(normal + suffix) == normal + kept


_SLUG = re.compile(r"[a-z0-9._-]*")


@given(TEXTS)
@example("-.-x-.-")
@example("https://GitHub.com/İ/K")  # lowercase letters outside ASCII become `-`
def test_the_slug_is_a_safe_folder_name(text: str) -> None:
    slug = run_slug(text)
    assert _SLUG.fullmatch(slug), slug
    assert not slug.startswith(("-", ".")) and not slug.endswith(("-", ".")), slug
    assert "--" not in slug, slug
    assert identity.slug_of_normal(normalize_identity(text)) == slug


@pytest.mark.parametrize("tail", [".git", "/", " /", ".git/ "])
def test_normalizing_costs_time_linear_in_the_identity(tail: str) -> None:
    """Each strip of a long tail of ``.git``s and ``/``s must not copy the rest."""
    assert_linear(
        lambda n: lambda: normalize_identity("https://h/" + "r" + tail * n),
        500,  # both below the allocator's mmap threshold: one regime of copying
        repeat=3,
        rounds=5,
    )


_WORDS = st.lists(st.from_regex(r"[a-z0-9]{1,5}", fullmatch=True), min_size=1, max_size=5)
_SEPARATORS = st.lists(st.sampled_from(["/", "-", "--", "/-", " "]), min_size=4, max_size=4)


def _spelled(words: list[str], separators: list[str], upper: list[bool]) -> str:
    parts = [w.upper() if up else w for w, up in zip(words, upper, strict=False)]
    path = parts[0] + "".join(separators[i % 4] + p for i, p in enumerate(parts[1:]))
    return "https://github.com/" + path


@given(_WORDS, _SEPARATORS, _SEPARATORS, st.lists(st.booleans(), min_size=5, max_size=5))
@example(["o", "flask"], ["/"] * 4, ["/"] * 4, [False, True, False, False, False])
@example(["a", "b", "c"], ["-", "/", "/", "/"], ["/", "-", "/", "/"], [False] * 5)
def test_distinct_identities_sharing_a_slug_are_reported(
    words: list[str], ours: list[str], theirs: list[str], upper: list[bool]
) -> None:
    """Issue 24 (IDN004): the slug folds case and punctuation, so it is not injective;
    two sources that differ as identities and meet in one slug are always reported."""
    a = _spelled(words, ours, [False] * 5)
    b = _spelled(words, theirs, upper)
    assert run_slug(a) == run_slug(b)
    found = list(slugs.colliding(a, {"theirs": b, "ours": a}, "ours"))
    assert found == ([("theirs", b)] if normalize_identity(a) != normalize_identity(b) else [])


@given(TEXTS, TEXTS)
def test_a_collision_is_exactly_two_identities_with_one_non_empty_slug(a: str, b: str) -> None:
    found = list(slugs.colliding(a, {"theirs": b}, "ours"))
    distinct = normalize_identity(a) != normalize_identity(b)
    assert bool(found) == (distinct and bool(run_slug(a)) and run_slug(a) == run_slug(b))


def test_slug_collisions_across_runs_normalize_each_source_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """IDN004 over every run of a workspace: each run's source is normalized for itself
    and once for the index of slugs, not once for every other run (a thousand runs made
    a million normalizations, a third of their check)."""
    calls = []
    real = slugs.normalize_identity

    def counting(source: str) -> str:
        calls.append(source)
        return real(source)

    monkeypatch.setattr(slugs, "normalize_identity", counting)
    sources = {f"runs/r{i}": f"https://github.com/o/r{i}" for i in range(200)}
    sources["runs/twin"] = "https://github.com/O/r7"  # another identity, r7's slug
    index = slugs.RunSources(sources)
    found = {folder: list(slugs.colliding(s, index, folder)) for folder, s in sources.items()}
    assert found["runs/r7"] == [("runs/twin", "https://github.com/O/r7")]
    assert found["runs/twin"] == [("runs/r7", "https://github.com/o/r7")]
    assert sum(1 for f in found.values() if f) == 2
    assert len(calls) == 2 * len(sources)
