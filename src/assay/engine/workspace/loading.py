"""Load a workspace: its specs and types, its documents, each parsed and read once.

The order is fixed: configuration, then the spec files (their errors stop the run),
then discovery of documents (a type's ``files`` globs add to the decision-record
folders), then each document is read from disk once, parsed once and read under its
type once.  Everything checks look at comes from here.
"""

from __future__ import annotations

import subprocess
from collections.abc import Mapping
from pathlib import Path

from attrs import evolve, field, frozen

from assay.engine.cache.keys import sources_digest
from assay.engine.cache.store import Store
from assay.engine.files.opening import read_contained
from assay.engine.files.refusal import Refused
from assay.engine.reading.manifest import read_manifest
from assay.engine.reading.read import read
from assay.engine.reading.vocabulary import Vocabulary, fold
from assay.engine.workspace import type_cache
from assay.engine.workspace.candidates import Candidate, Discovery
from assay.engine.workspace.config import Config
from assay.engine.workspace.declarations import Declared, collect_declarations
from assay.engine.workspace.discovery import discover
from assay.engine.workspace.document_context import DocumentContext
from assay.engine.workspace.hugo_mounts import hugo_mounts
from assay.engine.workspace.links import FileIndex
from assay.engine.workspace.listing import StartedListing, list_files
from assay.engine.workspace.run_folders import MANIFEST, inside, member_type
from assay.engine.workspace.site_roots import site_roots, static_roots
from assay.engine.workspace.types import BuiltinTypes, resolve_types
from assay.grammar.reader import is_rst, read_document
from assay.spec.diagnostics import Diagnostic
from assay.spec.document import Document
from assay.spec.model import Model
from assay.spec.rules.documents import DOC001
from assay.spec.rules.rule import Rule
from assay.spec.rules.specs import SPC001
from assay.spec.specfile import SpecFile
from assay.spec.types import DocumentType, TypeSet

#: Headings only MADR writes: a record with one of them is read as `madr`.
_MADR_HEADINGS = frozenset(
    fold(name)
    for name in ("Context and Problem Statement", "Decision Outcome", "Considered Options")
)


@frozen(kw_only=True)
class Workspace(Model):
    """Everything one run loaded."""

    config: Config
    discovery: Discovery
    types: TypeSet
    #: Spec problems (SPC…); any error among them stops the run before documents.
    spec_diagnostics: tuple[Diagnostic, ...]
    files: FileIndex
    #: The repository's remote URLs (links to its own blobs are internal).
    repository_urls: tuple[str, ...] = ()
    #: The documents, read; empty from ``open_workspace``, which reads none.
    documents: tuple[DocumentContext, ...] = ()
    #: A digest of assay's version, the config file and the spec files as this run
    #: read them (``keys.sources_digest``); empty when not computed.
    sources_digest: str = ""
    #: The specs' task-context declarations, sorted by name and version (see
    #: ``engine.workspace.declarations``); kept in the type cache with the types.
    declarations: tuple[Declared, ...] = ()
    #: The built-in types its documents are read as when no spec declares them.
    builtins: BuiltinTypes = field(factory=BuiltinTypes, eq=False, repr=False)
    #: Text an editor holds and has not saved, by path, read in place of the file's
    #: bytes (a document, a spec, a run member). Such a file has no stamp
    #: (``_unstamped``): the store keeps an entry only under its files' stamps, so
    #: nothing of the text is kept, nor is the file as saved taken for it.
    unsaved: Mapping[str, bytes] = field(factory=dict, eq=False, repr=False)

    @property
    def stopped(self) -> bool:
        """True when a spec error stops the run before any document is read."""
        return any(p.severity == "error" for p in self.spec_diagnostics)

    def with_unsaved(self, texts: Mapping[str, str | bytes]) -> Workspace:
        """This workspace as discovered, its files read from ``texts`` where it holds
        them (workspace-relative POSIX path: the editor's unsaved text)."""
        held = _encoded(texts)
        return evolve(self, unsaved=held, discovery=_unstamped(self.discovery, held))

    def bytes_of(self, path: str) -> bytes | str:
        """``path``'s bytes (its unsaved text, if held), or why they cannot be read
        (``contained_bytes``)."""
        return contained_bytes(self.config.root, path, self.unsaved)

    def load(self, candidate: Candidate, vocabularies: dict[str, Vocabulary]) -> DocumentContext:
        """Read, parse and read-as-its-type one document (``vocabularies`` is a cache)."""
        return _load(self, candidate, vocabularies)


def load_types(config: Config) -> tuple[TypeSet, list[Diagnostic]]:
    """The types the workspace's specs declare (and import), and the specs' problems."""
    found = discover(config)
    types, problems, _declarations = _types(_spec_sources(config, found.specs))
    return types, problems


#: A spec file's bytes, or why it could not be read.
Sources = Mapping[str, "bytes | str"]


def contained_bytes(
    root: Path, path: str, unsaved: Mapping[str, bytes] | None = None
) -> bytes | str:
    """A listed file's bytes, read through the contained opener, or why not.

    Discovery listed it as a regular file below the root; read by name again, it could
    since have become a link (to ``/etc/passwd``): the opener refuses that, so no byte
    from outside the workspace reaches a report. An editor's unsaved text for the
    file (in ``unsaved``) is read instead, when there is one.
    """
    held = None if unsaved is None else unsaved.get(path)
    if held is not None:
        return held
    try:
        found = read_contained(root, path)
    except OSError as error:
        return str(error.strerror)  # as the message has always said it
    return found.message if isinstance(found, Refused) else found


def _spec_sources(
    config: Config, paths: tuple[str, ...], unsaved: Mapping[str, bytes] | None = None
) -> dict[str, bytes | str]:
    """Each spec file's bytes, read once a run (the cache's digest and the parse share
    them), or the reason it cannot be read."""
    sources: dict[str, bytes | str] = {}
    for path in paths:
        sources[path] = contained_bytes(config.root, path, unsaved)
    return sources


def _encoded(texts: Mapping[str, str | bytes]) -> dict[str, bytes]:
    return {path: t.encode("utf-8") if isinstance(t, str) else t for path, t in texts.items()}


def _unstamped(found: Discovery, held: Mapping[str, bytes]) -> Discovery:
    """``found`` with no stamp for the files whose text an editor holds: what the store
    kept of the file on disk is not what is read."""
    if not held:
        return found
    return evolve(found, stamps={p: s for p, s in found.stamps.items() if p not in held})


def _types(sources: Sources) -> tuple[TypeSet, list[Diagnostic], tuple[Declared, ...]]:
    specs, problems = _read_specs(sources)
    resolved = resolve_types(specs)
    problems.extend(resolved.diagnostics)
    declarations, duplicates = collect_declarations(specs)
    problems.extend(duplicates)
    types = resolved.value if resolved.value is not None else TypeSet({})
    return types, problems, declarations


def open_workspace(
    config: Config,
    *,
    cache: bool = False,
    store: Store | None = None,
    started: StartedListing | None = None,
    unsaved: Mapping[str, str | bytes] | None = None,
) -> Workspace:
    """The workspace ``config`` describes: specs, types and the documents to read.

    With ``cache`` (or a ``store`` opened by the caller), the resolved types come from
    the store when neither assay, the config nor a spec file changed since they were
    kept. ``started``: the listing of its files ``start_listing`` started.
    ``unsaved``: text an editor holds, read in place of those files (``Workspace.unsaved``);
    types resolved from an unsaved spec are not kept.
    """
    held = _encoded(unsaved or {})
    listing = list_files(config, started, held)
    found = discover(config, listing=listing)
    sources = _spec_sources(config, found.specs, held)
    digest = sources_digest(config.root, config.source, sources)
    opened = Store.open(config.root) if store is None and cache else None
    kept_in = store or opened
    try:
        kept = None if kept_in is None else type_cache.load_types(kept_in, digest)
        if kept is not None:
            types, problems, declarations = kept.types, list(kept.problems), kept.declarations
            builtins = BuiltinTypes(kept.builtins)
        else:
            types, problems, declarations = _types(sources)
            builtins = BuiltinTypes()
            # Types of a spec an editor holds are not kept: they would take the place
            # of those of the spec as saved, which the next run reads.
            if kept_in is not None and not held:
                type_cache.save_types(kept_in, digest, types, problems, declarations, builtins)
    finally:
        if opened is not None:
            opened.close()
    globs = tuple(g for t in _user_types(types) for g in t.files)
    if globs:
        found = discover(config, globs, listing=listing)
    return Workspace(
        config=config,
        discovery=_unstamped(found, held),
        types=types,
        spec_diagnostics=tuple(problems),
        files=_file_index(config, found),
        repository_urls=_repository_urls(config) if found.git else (),
        sources_digest=digest,
        declarations=declarations,
        builtins=builtins,
        unsaved=held,
    )


def _file_index(config: Config, found: Discovery) -> FileIndex:
    index = FileIndex.build(found.files, normal=True)
    return evolve(
        index,
        site_roots=site_roots(config.root, index),
        static_roots=static_roots(index),
        mounts=hugo_mounts(config.root, index),
    )


def load_workspace(config: Config) -> Workspace:
    """The workspace with every document read (in this process, in path order)."""
    workspace = open_workspace(config)
    if workspace.stopped:
        return workspace
    vocabularies: dict[str, Vocabulary] = {}
    documents = tuple(workspace.load(c, vocabularies) for c in workspace.discovery.documents)
    return evolve(workspace, documents=documents)


def read_spec_files(config: Config) -> tuple[list[SpecFile], list[Diagnostic]]:
    """Every spec file of the workspace, parsed, and the SPC problems of those that do
    not parse or cannot be read (SPC001, as ``assay check`` reports them): what a
    command that needs the specs' other statements (protocols, evaluation objects)
    reads, the types aside."""
    return parse_spec_sources(spec_sources(config))


def spec_sources(config: Config) -> dict[str, bytes | str]:
    """Each spec file's bytes (or why it cannot be read), unparsed: with
    ``keys.sources_digest`` they say whether what was kept of them still holds."""
    return _spec_sources(config, discover(config).specs)


def parse_spec_sources(sources: Sources) -> tuple[list[SpecFile], list[Diagnostic]]:
    """``spec_sources`` parsed, as ``read_spec_files`` gives them."""
    return _read_specs(sources)


def _read_specs(sources: Sources) -> tuple[list[SpecFile], list[Diagnostic]]:
    specs: list[SpecFile] = []
    problems: list[Diagnostic] = []
    for path, raw in sources.items():
        try:
            text = raw.decode("utf-8") if isinstance(raw, bytes) else None
        except UnicodeDecodeError:
            text = None
        if text is None:
            why = raw if isinstance(raw, str) else "not UTF-8"
            problems.append(_unreadable(path, f"cannot read spec: {why}", SPC001))
            continue
        from assay.grammar.spec import parse_spec  # the spec parser, only for a spec to read

        parsed = parse_spec(text, path)
        problems.extend(parsed.diagnostics)
        if parsed.value is not None:
            specs.append(parsed.value)
    return specs, problems


def _user_types(types: TypeSet) -> list[DocumentType]:
    return [types[name] for name in types if types[name].library is None and types[name].files]


def type_for(
    candidate: Candidate,
    document: Document | None,
    types: TypeSet,
    builtins: BuiltinTypes | None = None,
) -> DocumentType | None:
    """The type a document is read as: the first user type whose ``files`` match it;
    else for a file of an analysis run, the built-in type of its member (``run`` for
    ``run.toml``; None for a note the run keeps, whose links are still checked); else
    for a decision record found by convention, ``madr`` or ``adr`` by its look.
    ``builtins``: the workspace's (``Workspace.builtins``), where there is one."""
    from assay.grammar.globs import compile_glob

    builtin_type = BuiltinTypes() if builtins is None else builtins
    for doc_type in _user_types(types):
        if any(compile_glob(g).match(candidate.path) for g in doc_type.files):
            return doc_type
    if candidate.origin == "run":
        relative = inside(candidate.folder or "", candidate.path)
        name = "run" if relative == MANIFEST else member_type(relative)
        return None if name is None else builtin_type[name]
    if candidate.origin in ("include", "type"):
        return None
    return builtin_type["madr" if document is not None and _looks_madr(document) else "adr"]


def _looks_madr(document: Document) -> bool:
    # A reStructuredText record's head fields (`:Status:`) are front matter too, but
    # MADR's front matter is YAML: only its headings tell a `.rst` record is MADR.
    front_matter = None if is_rst(document.path) else document.front_matter
    if front_matter is not None and front_matter.get("status") is not None:
        return True
    return any(fold(s.heading.text) in _MADR_HEADINGS for s in document.walk_sections())


def _load(
    workspace: Workspace, candidate: Candidate, vocabularies: dict[str, Vocabulary]
) -> DocumentContext:
    path = candidate.path
    run = candidate.folder if candidate.origin == "run" else None
    files, urls = workspace.files, workspace.repository_urls
    types, builtins = workspace.types, workspace.builtins
    raw = workspace.bytes_of(path)
    if isinstance(raw, str):
        problem = _unreadable(path, f"cannot read: {raw}", DOC001)
        return DocumentContext(
            path=path,
            text=None,
            document=None,
            type=None,
            reading=None,
            reader_diagnostics=(problem,),
            files=files,
            repository_urls=urls,
            run=run,
        )
    if run is not None and inside(run, path) == MANIFEST:
        doc_type = type_for(candidate, None, types, builtins)
        text, reading, problems = read_manifest(raw, path, doc_type)
        return DocumentContext(
            path=path,
            text=text,
            document=None,
            type=doc_type,
            reading=reading,
            reader_diagnostics=problems,
            files=files,
            repository_urls=urls,
            run=run,
        )
    parsed, locator = read_document(raw, path)
    document = parsed.value
    doc_type = type_for(candidate, document, types, builtins)
    text = reading = None
    if document is not None and locator is not None:
        text = locator.text
        if doc_type is not None:
            words = vocabularies.get(doc_type.name)
            if words is None:
                words = vocabularies[doc_type.name] = Vocabulary(doc_type)
            reading = read(document, text, words, locator)
    return DocumentContext(
        path=path,
        text=text,
        document=document,
        type=doc_type,
        reading=reading,
        reader_diagnostics=parsed.diagnostics,
        files=files,
        repository_urls=urls,
        run=run,
    )


def _unreadable(path: str, message: str, rule: Rule) -> Diagnostic:
    return rule.diagnostic(message, path)


def _repository_urls(config: Config) -> tuple[str, ...]:
    """The remotes' URLs, so a link to this repository's own blob reads as internal."""
    try:
        result = subprocess.run(
            ["git", "config", "--get-regexp", r"^remote\..*\.url$"],
            cwd=config.root,
            capture_output=True,
            text=True,
            check=False,
        )
    except OSError:
        return ()
    return tuple(line.split(None, 1)[1] for line in result.stdout.splitlines() if " " in line)
