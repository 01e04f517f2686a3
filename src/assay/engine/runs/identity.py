"""The source identity of a run, normalized once, and the run slug derived from it.

ADR 097: strip surrounding whitespace, a trailing ``/`` and a trailing ``.git`` (each
once, in that order), and lowercase a URL's scheme and host — nothing else. Paths keep
their case (``github.com/Org/Repo`` and ``github.com/org/repo`` may be different
repositories).
The slug, the boundary report's ``source.identity`` and publication all use this form,
so two spellings of one source never fail a comparison after the whole run.
"""

from __future__ import annotations

import re

# `scheme://[userinfo@]host[:port]…`: the host ends at the first `/`, `?` or `#`.
# Bounded classes, one pass: linear in the identity's length.
_URL = re.compile(r"(?P<scheme>[A-Za-z][A-Za-z0-9+.\-]*)://(?P<user>[^/?#@]*@)?(?P<host>[^/?#]*)")
# scp-like git remotes, `git@github.com:org/repo`: a host, then `:` and a path.
_SCP = re.compile(r"(?P<user>[^/@:\s]+@)(?P<host>[^/:\s]+):(?!//)")
_SLUG_JOIN = re.compile(r"[^a-z0-9._]+")


def normalize_identity(identity: str) -> str:
    """``identity`` in the one form runs compare: ADR 097's rule and nothing else.

    Each clause applies once, in the seed's order: surrounding whitespace, then one
    trailing ``/``, then one trailing ``.git``, then the scheme and host lowercased.
    ``r.git.git`` is ``r.git`` and ``r//`` is ``r/``. So normalizing is not idempotent
    (``r/.git`` gives ``r/``, which gives ``r``): what a run compares with the frozen
    identity is the normal form of the caller's source, taken once, never a second pass.

    >>> normalize_identity("  HTTPS://GitHub.com/VectifyAI/PageIndex.git/ ")
    'https://github.com/VectifyAI/PageIndex'
    """
    return _lower_host(_strip(identity))


def _lower_host(text: str) -> str:
    url = _URL.match(text)
    if url is not None:
        scheme, user, host = url.group("scheme"), url.group("user") or "", url.group("host")
        if scheme.islower() and host == host.lower():
            return text  # already lowercase: no copy of a long path
        return f"{scheme.lower()}://{user}{host.lower()}{text[url.end() :]}"
    scp = _SCP.match(text)
    if scp is not None:
        return f"{scp.group('user')}{scp.group('host').lower()}:{text[scp.end() :]}"
    return text


def _strip(text: str) -> str:
    """Surrounding whitespace off, then one trailing ``/``, then one trailing ``.git``."""
    text = text.strip()
    text = text.removesuffix("/")
    return text.removesuffix(".git")


def run_slug(source: str) -> str:
    """The run folder's name for the caller's ``source``: its normalized form (taken
    here, once: pass the source, not its normal form) without the scheme or user,
    lowercased, every run of other characters than letters, digits, ``.`` and ``_``
    made one ``-``. Empty when nothing is left (an identity of only punctuation).

    >>> run_slug("https://github.com/VectifyAI/PageIndex")
    'github.com-vectifyai-pageindex'
    >>> run_slug("git@github.com:pallets/flask.git")
    'github.com-pallets-flask'
    """
    return slug_of_normal(normalize_identity(source))


def slug_of_normal(identity: str) -> str:
    """The slug of an identity already in normal form (``run_slug`` without the
    normalization, which a second time could change it)."""
    text = identity
    url = _URL.match(text) or _SCP.match(text)
    if url is not None:
        text = url.group("host") + "/" + text[url.end() :]
    return _SLUG_JOIN.sub("-", text.lower()).strip("-.")
