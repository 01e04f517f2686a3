"""The overview's page is described by the verified Description, and by nothing else."""

from __future__ import annotations

import yaml
from hypothesis import given
from hypothesis import strategies as st

from assay.site.pages.described import described

DESCRIPTION = "Flask pushes and pops its contexts around every request, so no state leaks."


def _front(page: str) -> dict[str, object]:
    assert page.startswith("---\n")
    loaded = yaml.safe_load(page[4 : page.index("\n---\n", 4)])
    assert isinstance(loaded, dict)
    return loaded


def test_the_overview_s_own_description_is_replaced_and_other_keys_kept() -> None:
    """An authored `description:` gives way; `title:` and the body stay."""
    page = described("---\ndescription: mine\ntitle: Overview\n---\n# Overview\n", DESCRIPTION)
    assert _front(page) == {"description": DESCRIPTION, "title": "Overview"}
    assert page.endswith("\n---\n# Overview\n")


def test_an_overview_without_front_matter_gets_one() -> None:
    """No front matter: one holding the Description is added above the text."""
    page = described("# Overview\n", DESCRIPTION)
    assert _front(page) == {"description": DESCRIPTION}
    assert page.endswith("\n---\n# Overview\n")


@given(st.text(max_size=40), st.text(max_size=80))
def test_any_overview_is_described_by_the_description(body: str, description: str) -> None:
    """Whatever the overview's front matter says, the page's description is the one given."""
    page = described(f"---\ndescription: {body!r}\n---\n{body}", description)
    assert _front(page)["description"] == description
