"""The source identity of a run, normalized once, and the run slug derived from it.

ADR 097: strip surrounding whitespace, a trailing ``/`` and a trailing ``.git``, and
lowercase a URL's scheme and host — nothing else. Paths keep their case
(``github.com/Org/Repo`` and ``github.com/org/repo`` may be different repositories).
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
    """``identity`` in the one form runs compare: idempotent, nothing but ADR 097's rule.

    >>> normalize_identity("  HTTPS://GitHub.com/VectifyAI/PageIndex.git/ ")
    'https://github.com/VectifyAI/PageIndex'
    """
    text = identity
    while True:  # a lowercased host can end in `.git` again (`X.GIT`): until stable
        normal = _lower_host(_strip(text))
        if normal == text:
            return normal
        text = normal


def _lower_host(text: str) -> str:
    url = _URL.match(text)
    if url is not None:
        scheme, user, host = url.group("scheme"), url.group("user") or "", url.group("host")
        return f"{scheme.lower()}://{user}{host.lower()}{text[url.end() :]}"
    scp = _SCP.match(text)
    if scp is not None:
        return f"{scp.group('user')}{scp.group('host').lower()}:{text[scp.end() :]}"
    return text


def _strip(text: str) -> str:
    """Whitespace, trailing ``/`` and ``.git`` off, until none is left: ``x.git/`` and
    ``x/.git`` both end as ``x``, so normalizing twice changes nothing.

    The end moves back as an index and the text is cut once: cutting at each step
    copied the rest each time, quadratic in a tail of many ``.git``s."""
    start = len(text) - len(text.lstrip())
    end = len(text)
    while True:
        cut = end
        while cut > start and (text[cut - 1] == "/" or text[cut - 1].isspace()):
            cut -= 1
        if text.endswith(".git", start, cut):
            cut -= 4
        if cut == end:
            return text[start:end]
        end = cut


def run_slug(identity: str) -> str:
    """The run folder's name for ``identity``: its normalized form without the scheme
    or user, lowercased, every run of other characters than letters, digits, ``.`` and
    ``_`` made one ``-``. Empty when nothing is left (an identity of only punctuation).

    >>> run_slug("https://github.com/VectifyAI/PageIndex")
    'github.com-vectifyai-pageindex'
    >>> run_slug("git@github.com:pallets/flask.git")
    'github.com-pallets-flask'
    """
    text = normalize_identity(identity)
    url = _URL.match(text) or _SCP.match(text)
    if url is not None:
        text = url.group("host") + "/" + text[url.end() :]
    return _SLUG_JOIN.sub("-", text.lower()).strip("-.")
