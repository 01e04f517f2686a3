"""``assay mcp``: assay's capabilities as Model Context Protocol tools, over stdio.

An agent's client starts ``assay mcp`` in a workspace and calls its tools: each takes
arguments a JSON Schema describes and answers in the shape of the JSON the matching
command prints (``assay schema`` has each), so an agent and a pipeline read one
format. The package stands where the command line stands, on ``assay.api`` and the
command line's own JSON renderers (an import contract keeps the engine out of reach).

``tools`` is the one table of tools; ``server`` speaks the protocol with the official
SDK (the extra ``assay[mcp]``). Nothing is written unless the server was started with
``--allow-write`` and the call names a destination (``arguments.destination``);
every path argument stays inside the workspace (``arguments.inside``).
"""
