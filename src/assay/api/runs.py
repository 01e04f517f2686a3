"""The Python API of analysis runs: load a run, verify it, render its review.

A run is **verified** when its files hold no error diagnostic — what ``assay check``
reports in the run folder, every run check included — and its last ``verify.md`` says
Blockers exactly ``none`` (ADR 097: the workflow continues only on ``none``). Only a
verified run renders::

    import assay

    verification = assay.verify_run("runs/github.com-vectifyai-pageindex")
    if verification.verified:
        text = assay.render_review(verification)        # review.md in the run folder
    else:
        print(verification.reasons)

``verify_runs`` verifies every run of a workspace with one check, which is what a
site build over many runs wants. ``normalize_identity`` and ``run_slug`` (from
``assay.api.identity``) give a source's one normal form and its run folder's name.
Nothing here prints; problems in the documents are diagnostics in the verification,
and only ``AssayError``\\ s are raised.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Protocol, TypeVar

from attrs import evolve, field, frozen

from assay.api import StrPath, _report_paths
from assay.api.identity import normalize_identity, run_slug
from assay.engine.files.writing import write_output
from assay.engine.reading.vocabulary import Vocabulary
from assay.engine.runner.result import Report
from assay.engine.runs.load import load_run as load_run_of
from assay.engine.runs.load import load_runs, runs_of
from assay.engine.runs.model import Run
from assay.engine.runs.parts import RunParts
from assay.engine.runs.review import ReviewSource
from assay.engine.runs.review import render_review as _render
from assay.engine.runs.review_destination import check_review_destination, workspace_inputs
from assay.engine.workspace.config import Config, load_config
from assay.engine.workspace.loading import Workspace, open_workspace
from assay.engine.workspace.run_folders import MANIFEST
from assay.errors import AssayError, UsageError
from assay.spec.model import Model

__all__ = [
    "RunNotVerified",
    "Verification",
    "load_run",
    "normalize_identity",
    "render_review",
    "run_slug",
    "verifications",
    "verify_run",
    "verify_runs",
    "write_review",
]


class _HasFolder(Protocol):
    @property
    def folder(self) -> str: ...


_Folder = TypeVar("_Folder", bound=_HasFolder)


@frozen(kw_only=True)
class Verification(Model):
    """What checking one run found, and what its review would be rendered from."""

    #: The workspace root the run was checked in.
    root: Path
    #: The run folder, workspace-relative POSIX (``""`` for a run at the root).
    folder: str
    #: The check's report, limited to the run's files (every severity).
    report: Report
    #: The entries of ``verify.md``'s Blockers list; empty for ``none``.
    blockers: tuple[str, ...]
    #: The review's parts; None when the run lacks one (the report says which).
    review: ReviewSource | None
    #: The workspace-relative paths of the files the check read (documents, specs, the
    #: config, the runs' files): a review is never written over one of them.
    inputs: tuple[str, ...] = field(default=(), repr=False)

    @property
    def errors(self) -> int:
        """How many error diagnostics the run's files hold."""
        return sum(1 for d in self.report.diagnostics if d.severity == "error")

    @property
    def verified(self) -> bool:
        """True when the run may be rendered and published."""
        return not self.reasons

    @property
    def reasons(self) -> tuple[str, ...]:
        """Why the run is not verified, one sentence each; empty when it is."""
        found = []
        if self.errors:
            noun = "error" if self.errors == 1 else "errors"
            found.append(f"its files hold {self.errors} {noun}")
        if self.blockers:
            noun = "blocker" if len(self.blockers) == 1 else "blockers"
            found.append(f"verify.md lists {len(self.blockers)} {noun}")
        if self.review is None and not self.errors:
            found.append("it has nothing to render the review from")
        return tuple(found)


class RunNotVerified(AssayError):
    """``render_review`` was given a run that is not verified; nothing was rendered."""

    def __init__(self, verification: Verification) -> None:
        self.verification = verification
        where = verification.folder or "."
        super().__init__(f"{where} is not verified: " + "; ".join(verification.reasons))


def load_run(run_dir: StrPath, *, config: StrPath | Config | None = None) -> Run:
    """The run at ``run_dir``, its documents read (text, model and typed reading).

    Raises ``UsageError`` when ``run_dir`` holds no ``run.toml`` or lies outside the
    workspace, ``ConfigError`` for a config that cannot be read.
    """
    settings, folder = _locate(Path(run_dir), config)
    return _one(load_runs(open_workspace(settings), [folder or MANIFEST]), folder)


def verify_run(
    run_dir: StrPath, *, config: StrPath | Config | None = None, cache: bool = True
) -> Verification:
    """Check the workspace as ``assay check RUN_DIR`` would, and say whether the run at
    ``run_dir`` is verified. Raises as ``load_run`` does."""
    settings, folder = _locate(Path(run_dir), config)
    found = _verify(settings, [folder], cache=cache)
    return _one(found, folder)


def verify_runs(
    root: StrPath = ".", *, config: StrPath | Config | None = None, cache: bool = True
) -> tuple[Verification, ...]:
    """Every run of the workspace at ``root``, verified with one check, in folder order."""
    settings = _config(Path(root), config)
    return _verify(settings, None, cache=cache)


def render_review(verification: Verification, destination: StrPath | None = None) -> str:
    """The review of a verified run, to be written at ``destination`` (a path relative
    to the workspace root, or absolute inside it; default: ``review.md`` in the run
    folder). Relative links lead from there into the run's files.

    Raises ``RunNotVerified`` for a run that is not verified, ``UsageError`` for a
    destination outside the workspace.
    """
    if not verification.verified or verification.review is None:
        raise RunNotVerified(verification)
    return _render(verification.review, _destination(verification, destination))


def write_review(verification: Verification, destination: StrPath | None = None) -> Path:
    """Render the review as ``render_review`` does and write it at ``destination``
    (default: ``review.md`` in the run folder) under the umask; the path written.

    A stale ``review.md`` (DOC018) does not stop its own renewal: writing it is the fix
    DOC018 names. Raises ``DestinationRefused`` (a ``UsageError``) before anything is
    touched when ``destination`` is a file the check reads — a document, a spec, the
    config, a file of a run, a store — a link, or a folder.
    """
    relative = _destination(verification, destination)
    own = _destination(verification, None)
    if relative == own:
        verification = _without_stale_review(verification, own)
    text = render_review(verification, relative)
    flag = "--dest" if destination is not None else "the review"
    target = check_review_destination(
        relative, flag=flag, root=verification.root, inputs=verification.inputs, own=relative == own
    )
    write_output(target, text.encode("utf-8"))
    return target


def _without_stale_review(verification: Verification, review: str) -> Verification:
    """``verification`` as if its ``review.md`` were not stale: the finding that the
    write about to be made removes."""
    report = verification.report
    kept = tuple(d for d in report.diagnostics if not (d.code == "DOC018" and d.path == review))
    return evolve(verification, report=evolve(report, diagnostics=kept))


def _verify(
    config: Config, folders: Sequence[str] | None, *, cache: bool
) -> tuple[Verification, ...]:
    from assay.engine.runner.run import CheckOptions, check_keeping

    # A run at the workspace root holds every file: its report is the whole workspace's.
    scope = None if folders is None or "" in folders else list(folders)
    # The check reads each run once: its parts come from it.
    checked = check_keeping(config, CheckOptions(paths=scope, cache=cache, parts=True))
    return verifications(config, checked.report, scope=scope, parts=checked.parts)


def verifications(
    config: Config,
    report: Report,
    *,
    workspace: Workspace | None = None,
    scope: Sequence[str] | None = None,
    parts: Mapping[str, RunParts] | None = None,
) -> tuple[Verification, ...]:
    """The runs of a report already made (``assay.check`` of the workspace, or of
    ``scope``), each verified from it: a caller that checked once (``assay publish``)
    need not check again. ``workspace``: the one already opened, if any. ``parts``:
    the runs' parts the check kept (``CheckOptions.parts``), by run folder; a run
    without them is read now."""
    opened = workspace if workspace is not None else open_workspace(config)
    inputs = workspace_inputs(opened)
    known = {} if parts is None else parts
    vocabularies: dict[str, Vocabulary] = {}
    found = []
    for folder, candidates in runs_of(opened, scope).items():
        own = known.get(folder)
        if own is None:
            own = RunParts.of(load_run_of(opened, folder, candidates, vocabularies))
        found.append(_verification(config.root, folder, own, report, inputs))
    return tuple(found)


def _verification(
    root: Path, folder: str, parts: RunParts, report: Report, inputs: tuple[str, ...]
) -> Verification:
    def inside(path: str) -> bool:
        return not folder or path.startswith(folder + "/")

    own = evolve(
        report,
        diagnostics=tuple(d for d in report.diagnostics if inside(d.path)),
        suppressed=tuple(s for s in report.suppressed if inside(s.diagnostic.path)),
        files=tuple(p for p in report.files if inside(p)),
    )
    return Verification(
        root=root,
        folder=folder,
        report=own,
        blockers=parts.blockers,
        review=parts.review,
        inputs=inputs,
    )


def _one(items: Sequence[_Folder], folder: str) -> _Folder:
    """The item of ``items`` for the run ``folder`` (a run at the root is loaded with
    every other run); ``UsageError`` when the workspace has no such run: its folder
    holds a ``run.toml`` that the config excludes, or that lies below a link."""
    found = next((item for item in items if item.folder == folder), None)
    if found is None:
        raise UsageError(
            f"{folder or '.'} holds a run.toml but is not a run of the workspace: "
            "the config excludes it, or it lies below a symbolic link (`assay files` says which)"
        )
    return found


def _config(start: Path, config: StrPath | Config | None) -> Config:
    if isinstance(config, Config):
        return config
    explicit = None if config is None else Path(config)
    if explicit is not None and not explicit.is_absolute():
        explicit = start / explicit
    return load_config(start, explicit)


def _locate(run_dir: Path, config: StrPath | Config | None) -> tuple[Config, str]:
    """The config of the workspace holding ``run_dir``, and the run folder in it."""
    if not (run_dir / MANIFEST).is_file():
        raise UsageError(f"{run_dir} is not a run folder: it holds no {MANIFEST}")
    settings = _config(run_dir, config)
    scope = _report_paths(Path.cwd(), [run_dir], settings)
    assert scope is not None
    folder = scope[0]
    return settings, "" if folder == "." else folder


def _destination(verification: Verification, destination: StrPath | None) -> str:
    """``destination`` as a workspace-relative POSIX path."""
    if destination is None:
        return f"{verification.folder}/review.md" if verification.folder else "review.md"
    path = Path(destination)
    absolute = path if path.is_absolute() else verification.root / path
    normal = Path(os.path.normpath(absolute))
    try:
        relative = normal.relative_to(verification.root.resolve())
    except ValueError:
        try:
            relative = normal.relative_to(verification.root)
        except ValueError:
            raise UsageError(
                f"{destination} is outside the workspace ({verification.root}): a review's "
                "links must lead into the run's files"
            ) from None
    if relative.as_posix() in ("", "."):
        raise UsageError(f"{destination} is the workspace itself, not a file")
    return relative.as_posix()
