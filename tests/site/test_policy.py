"""The Content-Security-Policy's hashes: the theme's inline scripts, never a document's."""

from __future__ import annotations

import base64
import hashlib

from assay.site.policy import with_policy


def _hash(script: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(script.encode()).digest()).decode() + "'"


def test_only_the_template_s_inline_scripts_are_allowed() -> None:
    content = "<p>x</p><script>window.pwned = 1</script>"
    output = (
        "<html><head><title>t</title><script>var base_url = '.';</script>"
        '<script src="https://cdn.example/h.js"></script></head>'
        f'<body><div role="main">{content}</div></body></html>'
    )
    page = with_policy(output, content)
    policy = page.split('content="', 1)[1].split('"', 1)[0]
    assert page.startswith('<html><head>\n    <meta http-equiv="Content-Security-Policy"')
    assert _hash("var base_url = '.';") in policy
    assert _hash("window.pwned = 1") not in policy
    assert "script-src 'self' https://cdn.example/h.js " in policy
    assert "'unsafe-inline'" not in policy.split("style-src")[0]


def test_a_page_without_a_head_is_left_alone() -> None:
    assert with_policy("<p>x</p>", "") == "<p>x</p>"
