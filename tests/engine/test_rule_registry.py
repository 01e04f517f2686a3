"""One rule registry: every code assay reports is a ``Rule`` of it, every rule is
reported by some stage, and ``assay rules``, the rule pages and SARIF read the same
table."""

from __future__ import annotations

import ast
import importlib
import importlib.util
import io
import json
import pkgutil
import re
import sys
import tokenize
from pathlib import Path
from typing import Any, get_args

import pytest

import assay.spec.rules
from assay.cli import main
from assay.engine.checks import CHECKS, registry
from assay.engine.checks.registry import RULES
from assay.spec.rules.rule import Rule, Stage
from tests.rule_examples import STAGE_TESTS

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "src" / "assay"
RULES_PACKAGE = SOURCE / "spec" / "rules"
CODES = {rule.code for rule in RULES}


def _sources(*, outside_rules: bool = True) -> dict[str, str]:
    """The package's modules by relative path (without ``spec/rules/`` when asked)."""
    return {
        path.relative_to(SOURCE).as_posix(): path.read_text(encoding="utf-8")
        for path in sorted(SOURCE.rglob("*.py"))
        if not (outside_rules and path.is_relative_to(RULES_PACKAGE))
    }


def test_only_a_rule_makes_a_diagnostic() -> None:
    """No module builds a ``Diagnostic`` (or a summary's ``Reason``) itself: each comes
    from ``Rule.diagnostic`` (or ``reason(rule, …)``), so a code without a rule cannot
    be reported. (The language server's ``types.Diagnostic`` is the protocol's, made
    from one of assay's.)"""
    makers = {
        path
        for path, text in _sources(outside_rules=False).items()
        if re.search(r"(?<!class )(?<!types\.)\bDiagnostic\(", text)
    }
    assert makers == {"spec/rules/rule.py"}
    reasons = {path for path, text in _sources().items() if re.search(r"\bReason\(", text)}
    assert reasons <= {"engine/evidence/summary/reasons.py", "spec/evaluation_summary.py"}


#: The checks whose rule is written in a family table, not beside the check: those
#: the document reader reports (one adapter hands them on, ``reader_reported``), and
#: the paths and pins the contained opener and assembly report too (the checks stand on
#: those, so the rules sit below all of them).
TABLED_CHECKS = {
    "DOC001", "DOC006", "DOC013", "DOC019", "DOC021", "SUP003",
    "PIN001", "PIN002", "PIN003", "PTH001", "PTH002", "PTH003", "PTH004",
}  # fmt: skip


def _written() -> dict[str, list[str]]:
    """Each code, and the modules whose ``Rule(code=...)`` literal writes it."""
    found: dict[str, list[str]] = {}
    for path, text in _sources(outside_rules=False).items():
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Rule":
                code = next(k.value for k in node.keywords if k.arg == "code")
                assert isinstance(code, ast.Constant), path
                found.setdefault(code.value, []).append(path)
    return found


def test_each_check_holds_its_rule_beside_it() -> None:
    """A check's ``Rule`` is the constant named by its code in the check's own module,
    so its page and its logic are read in one file; only the ``TABLED_CHECKS`` take
    theirs from a family table the registry lists."""
    tabled = {listed.code: listed for module in registry.FAMILIES for listed in module.RULES}
    for check in CHECKS:
        if check.code in TABLED_CHECKS:
            assert tabled.get(check.code) is check.rule, check.code
            continue
        module = sys.modules[check.run.__module__]
        assert module.__name__.startswith("assay.engine.checks."), check.code
        assert vars(module).get(check.code) is check.rule, check.code
        assert check.code not in tabled, check.code
    assert {check.code for check in CHECKS} >= TABLED_CHECKS


def test_every_rule_is_written_once_in_a_table_or_beside_its_check() -> None:
    """Each code is one ``Rule(...)`` literal, in a family module of ``spec/rules/``
    the registry lists or in the module of that code's check; the table is exactly the
    family tables' rules and the checks'."""
    checks = {check.code: check for check in CHECKS}
    families = {module.__name__: module for module in registry.FAMILIES}
    for code, paths in _written().items():
        assert len(paths) == 1, (code, paths)
        name = "assay." + paths[0].removesuffix(".py").replace("/", ".")
        if name in families:
            assert code in {listed.code for listed in families[name].RULES}, code
        else:
            assert name == checks[code].run.__module__, code
    assert set(_written()) == CODES
    tables = {listed for module in registry.FAMILIES for listed in module.RULES}
    assert set(RULES) == tables | {check.rule for check in CHECKS}
    assert len(RULES) == len(CODES)


def test_every_code_the_sources_name_is_a_rule() -> None:
    """A quoted code anywhere in the package (a comparison, a set of codes) is one the
    registry has: no code is known only to the stage that uses it."""
    unknown = {
        (path, code)
        for path, text in _sources().items()
        for code in re.findall(r"\"([A-Z]{3}\d{3})\"", text)
        if code not in CODES
    }
    assert unknown == set()


def _names(text: str) -> set[str]:
    """The identifiers a module's code uses (not its strings, docstrings or comments)."""
    tokens = tokenize.generate_tokens(io.StringIO(text).readline)
    return {t.string for t in tokens if t.type == tokenize.NAME}


def test_every_rule_is_reported_by_a_stage() -> None:
    """Each rule's constant is used in code outside the family tables (a check is
    declared with it, a stage makes its diagnostics); its Fails example then proves
    the stage reports it (``tests/rule_examples.py``)."""
    used = set().union(*(_names(text) for text in _sources().values()))
    assert [r.code for r in RULES if r.code not in used] == []


def test_every_stage_has_a_module_that_runs_its_examples() -> None:
    assert set(STAGE_TESTS) == set(get_args(Stage))
    for stage, module in STAGE_TESTS.items():
        assert f'"{stage}"' in (ROOT / module).read_text(encoding="utf-8"), (stage, module)


def test_every_module_of_rules_is_in_the_table() -> None:
    """A family module the registry does not list, or a rule its module does not list
    in its ``RULES``, would be a rule no one can look up; each rule is named after its
    code."""
    for info in pkgutil.iter_modules(assay.spec.rules.__path__):
        module = importlib.import_module(f"assay.spec.rules.{info.name}")
        found = {k: v for k, v in vars(module).items() if isinstance(v, Rule)}
        if not found or info.name == "rule":
            continue
        assert module in registry.FAMILIES, info.name
        assert all(name == value.code for name, value in found.items()), info.name
        assert sorted(r.code for r in module.RULES) == sorted(found), info.name


def test_lookup_by_code_and_name() -> None:
    assert registry.rule("DOC003").name == "missing-section"
    assert registry.find("missing-section") is registry.rule("DOC003")
    assert registry.find("doc003") is registry.rule("DOC003")
    assert registry.find("DOC999") is None


def _index_rows(text: str) -> dict[str, tuple[str, str]]:
    rows = re.findall(r"^\| \[(\w+)\]\(\w+\.md\) \| ([a-z0-9-]+) \| \w+ \| (.*) \|$", text, re.M)
    return {code: (name, summary) for code, name, summary in rows}


def test_rules_command_pages_and_sarif_read_one_table(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = {r.code: (r.name, r.summary) for r in RULES}

    assert main(["rules"]) == 0
    assert _index_rows(capsys.readouterr().out) == table

    from mkdocs.structure.files import File

    generated: dict[str, str] = {}

    def record(_config: Any, path: str, *, content: str) -> str:
        generated[path] = content
        return path

    monkeypatch.setattr(File, "generated", staticmethod(record))
    spec = importlib.util.spec_from_file_location("rules_hook", ROOT / "docs/_hooks/rules.py")
    assert spec is not None and spec.loader is not None
    hook = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hook)
    hook.on_files([], None)
    pages = {p.removeprefix("reference/rules/").removesuffix(".md") for p in generated}
    assert pages == {*table, "index"}
    assert _index_rows(generated["reference/rules/index.md"]) == table
    for code, (name, summary) in table.items():
        assert generated[f"reference/rules/{code}.md"].startswith(f"# {code} {name}\n"), code
        assert f"\n{summary}\n" in generated[f"reference/rules/{code}.md"], code

    (tmp_path / "assay.toml").write_text("specs = []\n")
    monkeypatch.chdir(tmp_path)
    main(["check", "--format", "sarif", "--no-cache"])
    driver = json.loads(capsys.readouterr().out)["runs"][0]["tool"]["driver"]
    sarif = {r["id"]: (r["name"], r["shortDescription"]["text"]) for r in driver["rules"]}
    checked = {r.code for r in RULES if r.stage in ("check", "runner", "spec")}
    assert sarif == {code: table[code] for code in checked}


#: The rules whose errors a published site notes on the record's page instead of
#: excluding the record (issue 25 §1): relations and status consistency between
#: records. Every other rule excludes (its family's default). Moving a rule is a
#: decision: it changes this list.
NOTED = {"DOC009", "DOC011", "FLD008", "LNK003", "LNK004"}


def test_which_rules_a_published_site_only_notes() -> None:
    from assay.spec.rules.rule import FAMILY_ON_SITE

    assert {r.code for r in RULES if r.publication == "noted"} == NOTED
    assert {r.family for r in RULES} <= set(FAMILY_ON_SITE)
    with pytest.raises(ValueError, match="family XYZ has no default"):
        Rule(code="XYZ001", name="x", stage="check", summary="x")


@pytest.mark.parametrize(
    ("code", "says"),
    [
        ("FLD008", "*Publishing:* shown as a note on the record's published page"),
        ("LNK001", "*Publishing:* an error keeps the record off the published site"),
    ],
)
def test_a_rule_page_says_what_its_error_does_to_a_published_record(code: str, says: str) -> None:
    from assay.spec.rules.pages import rule_page

    assert says in rule_page(registry.rule(code))


#: The rules that say what is wrong on its face, and those judged against a folder, in a
#: record no spec declares: every other check is a warning at most there. Pinned here,
#: so no rule moves silently.
FACE = {
    "DOC001", "DOC002", "DOC006", "DOC007", "DOC008", "DOC009", "DOC012", "DOC013",
    "DOC016", "DOC021", "FLD003", "FLD006", "LNK001", "LNK002", "LNK005", "LNK006",
    "LNK007", "PTH002", "PTH003", "SUP003",
}  # fmt: skip
CONVENTION = {"DOC003", "FLD001", "DOC010", "DOC014", "FLD007"}


def test_which_rules_a_record_no_spec_declares_is_told_as_they_are() -> None:
    from assay.spec.rules.pages import rule_page

    assert {r.code for r in RULES if r.undeclared == "face"} == FACE
    assert {r.code for r in RULES if r.undeclared == "convention"} == CONVENTION
    assert "*Without a spec:* a warning at most" in rule_page(registry.rule("FLD002"))
    assert "*Without a spec:* judged against the record's folder" in rule_page(
        registry.rule("DOC003")
    )


def test_the_publishing_guide_has_the_table_the_rules_make() -> None:
    from assay.spec.rules.pages import publication_table

    guide = (ROOT / "docs/guide/publishing.md").read_text(encoding="utf-8")
    assert publication_table(RULES) in guide
