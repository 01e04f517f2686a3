"""``assay lsp``: the checks in an editor, as a language server over stdio (pygls).

The server keeps one workspace open (``assay.api.editing``) and publishes, for each
Markdown record, spec file or run member the editor opens or changes, the
diagnostics ``assay check`` gives it — computed from the editor's unsaved text.
Hover on a finding, or on a code, shows its rule; a finding with a mechanical repair
has a quick fix. It stands on ``assay.api``, as the command line does, and needs
the extra ``assay[lsp]``.
"""
