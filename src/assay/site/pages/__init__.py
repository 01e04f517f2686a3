"""The site's pages, generated as plain Markdown from what the gate published.

``records`` reads each published record once; ``record_page`` writes its page,
``indexes`` the pages that list them, ``nav`` the navigation. ``escape``, ``safety``
and ``safe_page`` keep raw HTML from ever reaching the site as markup; ``links``
rewrites links to the site's pages and reports those it cannot.
"""
