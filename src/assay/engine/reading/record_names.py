"""What a decision record's file name says: its number, its scheme, and naming slips.

`0007-use-kafka.md` is record 7 of a numbered scheme, `2024-01-31-use-kafka.md` a
dated one; a series' label may lead the number (`adr-007-x.md`, `nep-0012-x.rst`,
`KEP-12`, `DR001-x.md`). Only the separators the tools write (`-`, `.`, a space, or the
end of the name) end a number, and an underscore before a word (`0002_xapi.rst`, as
Sphinx users name pages): `003_2d1e3bea.txt` is a storage name, not record 3.
"""

from __future__ import annotations

import datetime
import re
from pathlib import PurePosixPath
from typing import Literal

Scheme = Literal["numbered", "dated"]
MARKDOWN_SUFFIXES = (".md", ".markdown")
#: What a record file may be named: Markdown, or reStructuredText (read with docutils).
RECORD_SUFFIXES = (*MARKDOWN_SUFFIXES, ".rst")

_DATED = re.compile(r"^((?:19|20|21)\d\d)-?(\d\d)-?(\d\d)(?=[-. ]|$)")
#: `2021-03-python-backend.md`: a year and a month, the dashes written.
_MONTH = re.compile(r"^((?:19|20|21)\d\d)-(0[1-9]|1[0-2])(?=[-. ]|$)")
#: The labels series put before a record's number: decision records (`ADR`, `DR`) and
#: the proposal series of open-source projects (RFCs, Kubernetes' KEPs, Gateway API's
#: GEPs, NumPy's NEPs, Jupyter's JEPs, Python's PEPs, Open edX's OEPs). A closed list:
#: any word before a number would make `v2-api.md` or `step-3.md` a record.
SERIES_LABELS = ("adr", "dr", "rfc", "kep", "gep", "nep", "jep", "pep", "oep")
_LABELS = "|".join(SERIES_LABELS)
_NUMBERED = re.compile(rf"^(?:(?:{_LABELS})[-_ ]?)?(\d+)(?=[-. ]|_[^\W\d_]|$)", re.IGNORECASE)
#: The names of a folder's main document: a record kept as a folder is this file.
MAIN_NAMES = frozenset(
    f"{stem}{suffix}" for stem in ("readme", "index") for suffix in RECORD_SUFFIXES
)
_BRACKETS = frozenset("()[]{}<>")

#: What each `name_anomalies` key means, for messages.
ANOMALIES = {
    "spaces": "white space in the file name",
    "brackets": "brackets in the file name",
    "double-dot": "a doubled dot before the extension (`..md`)",
    "double-extension": "a doubled extension (`.md.md`)",
    "no-extension": "no file extension",
}


def record_number(name: str) -> tuple[int, Scheme] | None:
    """The number a record's file name starts with, and its scheme; None without one.

    `0007-x.md`, `adr-007-x.md`, `ADR007-x.md` and `ADR-7.md` are `numbered`;
    `20240131-x.md`, `2024-01-31-x.md` and `2024-01-x.md` are `dated` (the number is
    20240131, or 20240100 for a month). For `<slug>/index.md`, pass the folder's name.
    """
    dated = _DATED.match(name)
    # `19991399-x.md` is not a date, just a big number.
    if dated and _is_date(dated[1], dated[2], dated[3]):
        return int(dated[1] + dated[2] + dated[3]), "dated"
    month = _MONTH.match(name)
    if month:
        return int(month[1] + month[2] + "00"), "dated"
    numbered = _NUMBERED.match(name)
    return (int(numbered[1]), "numbered") if numbered else None


def numbering_name(path: str) -> str:
    """The name that numbers the record at ``path``: its file's name, or for a record
    kept as a folder (``0012-x/README.md``, ``gep-1016/index.md``, ``62-cell-id/cell-id.md``)
    the folder's. A plain number (``2021/use-x.md``) is a year or a volume, not the
    record's number: only a folder named as a record (a label or a slug) numbers it."""
    folder, _, name = path.rpartition("/")
    if not folder:
        return name
    outer = folder.rpartition("/")[2]
    if name.lower() in MAIN_NAMES:
        return outer
    if outer.isdigit() or record_number(name) is not None:
        return name
    numbered = record_number(outer)
    return outer if numbered is not None and numbered[1] == "numbered" else name


def series_folder(path: str) -> str:
    """The folder of the series the record at ``path`` belongs to: the folder it is in,
    or for a record kept as a folder (``rfcs/0012-x/README.md``) the folder holding that
    one (``rfcs``): its siblings are the other records, not its attachments."""
    folder, _, name = path.rpartition("/")
    if numbering_name(path) == name:
        return folder
    return folder.rpartition("/")[0]


def _is_date(year: str, month: str, day: str) -> bool:
    try:
        datetime.date(int(year), int(month), int(day))
    except ValueError:
        return False
    return True


def name_anomalies(name: str) -> list[str]:
    """Keys of `ANOMALIES` that apply to a file name, in a fixed order."""
    lower = name.lower()
    suffix = next((s for s in RECORD_SUFFIXES if lower.endswith(s)), "")
    stem = lower[: -len(suffix)] if suffix else None
    found = []
    if any(char.isspace() for char in name):
        found.append("spaces")
    if any(char in _BRACKETS for char in name):
        found.append("brackets")
    if stem is not None and stem.endswith("."):
        found.append("double-dot")
    if stem is not None and stem.endswith(RECORD_SUFFIXES):
        found.append("double-extension")
    if not PurePosixPath(name).suffix:
        found.append("no-extension")
    return found
