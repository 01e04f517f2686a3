"""Safe file access: containment, an ``O_NOFOLLOW`` walk, tracking — the only opener of
pinned, bundled and session files (seed 002: "Pin tracked regular declaration and source
files … Reject linked components and escaping paths. Stream hashing while bounding
retained text. Keep the quiet-repository assumption.").

The parts, in the order a pinned source goes through them (``source.read_source`` runs
them all and closes what it opened):

- ``containment``: the declared path, lexically — relative, POSIX, no NUL, no ``..``
  leaving the root (PTH001); the components to walk.
- ``opening``: the walk from a descriptor of the root, one component at a time with
  ``O_NOFOLLOW``, so a link anywhere is refused *while opening* (PTH002), and ``fstat``
  of the very descriptor that is read (PTH003): nothing is checked first and opened
  later, so nothing can be swapped in between.
- ``tracking``: the paths git tracks, read once per run (PTH004), or a value saying
  tracking cannot be checked (outside git).
- ``digest``: sha256 of the whole file and the exact bytes of a line range, streamed
  from the same descriptor in 1 MiB chunks; memory bounded whatever the file's size.

Refusals are values (``refusal.Refused``), never exceptions: the pin checks and assembly
turn them into diagnostics at the declaration that named the path.
"""
