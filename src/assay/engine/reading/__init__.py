"""Reading a parsed record under its type: metadata, values, dates, relations and titles.

The value-level readers (``values``, ``dates``, ``record_ids``) are pure functions over
strings; every offset they return is a code-point offset into the string they were given.
"""
