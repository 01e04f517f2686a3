"""A review page's Description as its ``<meta name="description">``, in any theme.

MkDocs' built-in theme writes that element on the home page only (from
``site_description``). This hook, registered by ``build`` for assay's own builds,
writes it on every page whose front matter has a ``description`` and whose HTML does
not have one already (Material writes its own): no theme file to keep.
"""

from __future__ import annotations

import html
from typing import Any

from mkdocs.config.base import Config
from mkdocs.plugins import BasePlugin

__all__ = ["MetaDescription"]

_MARK = '<meta name="description"'


# MkDocs leaves Config's and BasePlugin's __init_subclass__ unannotated.
class _NoOptions(Config):  # type: ignore[no-untyped-call]
    """The hook takes no options."""


class MetaDescription(BasePlugin[_NoOptions]):  # type: ignore[no-untyped-call]
    """Adds the page's ``description`` to its ``<head>``."""

    def on_post_page(self, output: str, *, page: Any, config: Any) -> str:
        """Put the page's ``description`` in its head, once."""
        description = page.meta.get("description") if page.meta else None
        if not isinstance(description, str) or not description or _MARK in output:
            return output
        head = output.find("<head>")
        if head < 0:
            return output
        at = head + len("<head>")
        element = f'\n    {_MARK} content="{html.escape(description, quote=True)}">'
        return output[:at] + element + output[at:]
