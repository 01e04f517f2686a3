"""Text to models: the Lark grammars, the line lexer and one transformer per grammar.

``assay.grammar.markdown.document.parse_document`` reads Markdown and plain text;
``assay.grammar.spec.parse_spec`` reads ``.assay`` specs.
"""
