"""Configuration: finding the one config file, reading it, and every error it can raise."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import attrs
import pytest

from assay.engine.workspace.config import Config, ConfigError, load_config, repository_root
from assay.errors import AssayError


def _repo(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    subprocess.run(["git", "init", "-q", str(path)], check=True, capture_output=True)
    return path


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def _error(tmp_path: Path, text: str, name: str = "assay.toml") -> str:
    """The message of the ConfigError that loading `text` raises."""
    _write(_repo(tmp_path / "repo") / name, text)
    with pytest.raises(ConfigError) as caught:
        load_config(tmp_path / "repo")
    return caught.value.detail


# --- finding the file ------------------------------------------------------------------


def test_no_config_in_a_repository_gives_defaults_rooted_at_the_repository(tmp_path: Path) -> None:
    """Without a config file the root is the repository root, whatever the start folder."""
    repo = _repo(tmp_path / "repo")
    (repo / "docs" / "adr").mkdir(parents=True)
    config = load_config(repo / "docs" / "adr")
    assert config == Config.default(repo.resolve())
    assert config.source is None
    assert config.specs == ("**/*.assay",)
    assert config.fail_on == "error"


def test_no_config_outside_git_is_rooted_at_the_start_folder(tmp_path: Path) -> None:
    """Outside a repository, with no config anywhere up the tree, the start folder is the root."""
    start = tmp_path / "plain" / "dir"
    start.mkdir(parents=True)
    assert load_config(start).root == start.resolve()


def test_config_outside_git_is_found_above_the_start_folder(tmp_path: Path) -> None:
    """Outside a repository the walk goes on up and the config's folder becomes the root."""
    config_file = _write(tmp_path / "plain" / "assay.toml", 'fail-on = "warning"\n')
    (tmp_path / "plain" / "a" / "b").mkdir(parents=True)
    config = load_config(tmp_path / "plain" / "a" / "b")
    assert config.source == config_file.resolve()
    assert config.root == config_file.parent.resolve()


def test_config_at_the_repository_root_is_found_from_a_sub_folder(tmp_path: Path) -> None:
    """Walking up from a nested folder finds assay.toml at the repository root."""
    repo = _repo(tmp_path / "repo")
    config_file = _write(repo / "assay.toml", 'fail-on = "info"\n')
    (repo / "a" / "b").mkdir(parents=True)
    config = load_config(repo / "a" / "b")
    assert config.source == config_file.resolve()
    assert config.root == repo.resolve()
    assert config.fail_on == "info"


def test_the_nearest_config_wins_and_nothing_is_merged(tmp_path: Path) -> None:
    """A config in a sub-folder beats the repository's; keys it omits take defaults."""
    repo = _repo(tmp_path / "repo")
    _write(repo / "assay.toml", 'fail-on = "info"\nignore = ["LNK"]\n')
    nearer = _write(repo / "sub" / "assay.toml", 'select = ["DOC"]\n')
    (repo / "sub" / "deeper").mkdir()
    config = load_config(repo / "sub" / "deeper")
    assert config.source == nearer.resolve()
    assert config.root == (repo / "sub").resolve()
    assert (config.select, config.ignore, config.fail_on) == (("DOC",), (), "error")


def test_assay_toml_beats_pyproject_in_the_same_folder(tmp_path: Path) -> None:
    """In one folder assay.toml is read first; the pyproject table is not looked at."""
    repo = _repo(tmp_path / "repo")
    _write(repo / "pyproject.toml", '[tool.assay]\nfail-on = "never"\n')
    _write(repo / "assay.toml", 'fail-on = "warning"\n')
    assert load_config(repo).fail_on == "warning"


def test_pyproject_with_a_tool_assay_table_is_a_config(tmp_path: Path) -> None:
    """`[tool.assay]` in pyproject.toml is read; the rest of the file is not ours."""
    repo = _repo(tmp_path / "repo")
    text = '[project]\nname = "x"\n\n[tool.assay]\nfail-on = "never"\ninclude = ["docs/**/*.md"]\n'
    pyproject = _write(repo / "pyproject.toml", text)
    config = load_config(repo)
    assert config.source == pyproject.resolve()
    assert (config.fail_on, config.include) == ("never", ("docs/**/*.md",))


def test_pyproject_without_tool_assay_is_passed_over(tmp_path: Path) -> None:
    """A pyproject.toml without `[tool.assay]` does not count; the walk goes on up."""
    repo = _repo(tmp_path / "repo")
    config_file = _write(repo / "assay.toml", 'fail-on = "info"\n')
    _write(
        repo / "pkg" / "pyproject.toml", '[project]\nname = "pkg"\n[tool.ruff]\nline-length = 1\n'
    )
    config = load_config(repo / "pkg")
    assert config.source == config_file.resolve()


def test_the_walk_stops_at_the_repository_root(tmp_path: Path) -> None:
    """A config above the repository root is never read."""
    _write(tmp_path / "assay.toml", 'fail-on = "never"\n')
    repo = _repo(tmp_path / "repo")
    config = load_config(repo)
    assert config.source is None
    assert config.root == repo.resolve()


def test_a_git_file_marks_a_repository_root_too(tmp_path: Path) -> None:
    """Worktrees and submodules have a `.git` file, not a folder; it also stops the walk."""
    _write(tmp_path / "assay.toml", 'fail-on = "never"\n')
    _write(tmp_path / "worktree" / ".git", "gitdir: /elsewhere\n")
    assert repository_root(tmp_path / "worktree") == tmp_path / "worktree"
    assert load_config(tmp_path / "worktree").source is None


def test_a_file_as_start_means_its_folder(tmp_path: Path) -> None:
    """Starting from a file looks in the file's folder first."""
    repo = _repo(tmp_path / "repo")
    config_file = _write(repo / "sub" / "assay.toml", "")
    document = _write(repo / "sub" / "x.md", "# X\n")
    assert load_config(document).source == config_file.resolve()


def test_explicit_config_wins_and_roots_the_workspace_at_its_folder(tmp_path: Path) -> None:
    """`--config FILE` is read even when another config is nearer to the start folder."""
    repo = _repo(tmp_path / "repo")
    _write(repo / "assay.toml", 'fail-on = "info"\n')
    chosen = _write(repo / "ci" / "strict.toml", 'fail-on = "warning"\n')
    config = load_config(repo, chosen)
    assert (config.source, config.root, config.fail_on) == (
        chosen.resolve(),
        (repo / "ci").resolve(),
        "warning",
    )


def test_explicit_relative_config_resolves_from_the_working_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A relative `--config` path is relative to where assay runs, as shells expect."""
    repo = _repo(tmp_path / "repo")
    _write(repo / "conf" / "assay.toml", 'fail-on = "never"\n')
    monkeypatch.chdir(repo)
    config = load_config(Path("."), Path("conf/assay.toml"))
    assert config.root == (repo / "conf").resolve()


def test_explicit_config_that_does_not_exist_is_an_error(tmp_path: Path) -> None:
    """A missing `--config` file stops the run and names the file."""
    with pytest.raises(ConfigError, match=r"missing\.toml: config file not found"):
        load_config(tmp_path, tmp_path / "missing.toml")


def test_explicit_pyproject_without_tool_assay_is_an_error(tmp_path: Path) -> None:
    """`--config pyproject.toml` must hold `[tool.assay]`; nothing else to fall back on."""
    pyproject = _write(tmp_path / "pyproject.toml", '[project]\nname = "x"\n')
    with pytest.raises(ConfigError, match=r"pyproject\.toml: has no \[tool\.assay\] table"):
        load_config(tmp_path, pyproject)


# --- reading every key -----------------------------------------------------------------

FULL = """\
specs = ["specs/*.assay"]
include = ["docs/**/*.md", "runs/*/overview.md"]
exclude = ["docs/archive"]
select = ["DOC", "FLD001", "broken-link"]
ignore = ["LNK002"]
fail-on = "warning"

[severity]
PIN003 = "warning"
missing-section = "info"
FRM = "off"

[per-file-ignores]
"docs/legacy/**" = ["FLD", "DOC003"]
"""


def test_every_key_is_read_into_the_config(tmp_path: Path) -> None:
    """Kebab-case keys in the file become the attributes of Config."""
    repo = _repo(tmp_path / "repo")
    _write(repo / "assay.toml", FULL)
    config = load_config(repo)
    assert config.specs == ("specs/*.assay",)
    assert config.include == ("docs/**/*.md", "runs/*/overview.md")
    assert config.exclude == ("docs/archive",)
    assert config.select == ("DOC", "FLD001", "broken-link")
    assert config.ignore == ("LNK002",)
    assert config.fail_on == "warning"
    assert dict(config.severity) == {"PIN003": "warning", "missing-section": "info", "FRM": "off"}
    assert dict(config.per_file_ignores) == {"docs/legacy/**": ("FLD", "DOC003")}


def test_an_empty_config_file_is_a_config_with_defaults(tmp_path: Path) -> None:
    """An empty assay.toml is found (it sets the root) and holds the defaults."""
    repo = _repo(tmp_path / "repo")
    _write(repo / "sub" / "assay.toml", "")
    config = load_config(repo / "sub")
    assert attrs.evolve(config, source=None) == Config.default((repo / "sub").resolve())


def test_per_file_ignores_are_looked_up_by_glob(tmp_path: Path) -> None:
    """`ignores_for` unions the selectors of every pattern that matches the path."""
    config = Config(
        root=tmp_path,
        per_file_ignores={"docs/legacy/**": ("FLD",), "*.md": ("LNK001",)},
    )
    assert config.ignores_for("docs/legacy/a/0001-x.md") == {"FLD", "LNK001"}
    assert config.ignores_for("docs/adr/0001-x.md") == {"LNK001"}
    assert config.ignores_for("specs/x.assay") == set()


def test_config_cannot_be_changed(tmp_path: Path) -> None:
    """Config is frozen, and its mappings are read-only copies."""
    source = {"LNK001": "off"}
    config = Config(root=tmp_path, severity=source)
    source["LNK001"] = "error"
    assert config.severity["LNK001"] == "off"
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        config.fail_on = "never"  # type: ignore[misc]
    with pytest.raises(TypeError):
        config.severity["LNK001"] = "error"  # type: ignore[index]


def test_config_takes_keyword_arguments_only(tmp_path: Path) -> None:
    """Positional arguments are refused, so adding an attribute never reorders callers."""
    with pytest.raises(TypeError):
        Config(tmp_path)  # type: ignore[call-arg]


# --- errors ----------------------------------------------------------------------------


def test_invalid_toml_names_the_file_line_and_column(tmp_path: Path) -> None:
    """tomllib's position becomes `file:line:column:` and is kept on the error."""
    _write(
        _repo(tmp_path / "repo") / "assay.toml", 'fail-on = "error"\ninclude = [\n  "a" "b"\n]\n'
    )
    with pytest.raises(ConfigError, match=r"assay\.toml:3:7: invalid TOML: ") as caught:
        load_config(tmp_path / "repo")
    assert (caught.value.line, caught.value.column) == (3, 7)
    assert caught.value.path == (tmp_path / "repo" / "assay.toml").resolve()
    assert isinstance(caught.value, AssayError)


@pytest.mark.parametrize(
    ("text", "where"),
    [('include = [\n  "docs/**",\n', (3, 1)), ('fail-on = "err', (1, 15))],
    ids=["unclosed-array", "unclosed-string"],
)
def test_invalid_toml_at_its_end_points_at_the_end(
    tmp_path: Path, text: str, where: tuple[int, int]
) -> None:
    """tomllib says "at end of document" for what is never closed: the position is
    the end of the file, not nothing."""
    _write(_repo(tmp_path / "repo") / "assay.toml", text)
    with pytest.raises(ConfigError, match=rf"assay\.toml:{where[0]}:{where[1]}: invalid TOML: "):
        load_config(tmp_path / "repo")


def test_invalid_toml_in_a_pyproject_on_the_way_up_is_an_error(tmp_path: Path) -> None:
    """A broken pyproject.toml cannot be passed over: it might hold `[tool.assay]`."""
    message = _error(tmp_path, "[tool.assay\n", name="pyproject.toml")
    assert message.startswith("invalid TOML: ")


def test_config_that_is_not_utf8_is_an_error(tmp_path: Path) -> None:
    """Bytes that are not UTF-8 are reported, not a traceback."""
    repo = _repo(tmp_path / "repo")
    (repo / "assay.toml").write_bytes(b'fail-on = "\xff"\n')
    with pytest.raises(ConfigError, match="is not UTF-8 text"):
        load_config(repo)


def test_unreadable_config_is_an_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A config the user may not read stops the run with the reason.

    Tests run as root in CI, where file modes do not stop reads, so the operating
    system's refusal is simulated at the one call that opens the file.
    """
    config_file = _write(_repo(tmp_path / "repo") / "assay.toml", "")
    real_open = Path.open

    def refuse(self: Path, *args: object, **kwargs: object) -> object:
        if self == config_file:
            raise PermissionError(13, "Permission denied", str(self))
        return real_open(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Path, "open", refuse)
    with pytest.raises(ConfigError, match="cannot read: Permission denied"):
        load_config(tmp_path / "repo")


@pytest.mark.parametrize(
    ("key", "suggestion"),
    [("fail_on", "fail-on"), ("exlude", "exclude"), ("per_file_ignores", "per-file-ignores")],
)
def test_unknown_key_suggests_the_nearest_known_key(
    tmp_path: Path, key: str, suggestion: str
) -> None:
    """A misspelt or snake_case key is refused with a "did you mean"."""
    message = _error(tmp_path, f"{key} = []\n")
    assert message == f"unknown key `{key}`; did you mean `{suggestion}`?"


def test_unknown_key_without_a_near_match_lists_the_keys(tmp_path: Path) -> None:
    """With nothing close, the message lists every key."""
    message = _error(tmp_path, "colour = true\n")
    assert message.startswith("unknown key `colour`; expected one of specs, include, exclude")


def test_unknown_key_in_the_pyproject_table_is_an_error(tmp_path: Path) -> None:
    """Keys under `[tool.assay]` are checked the same way."""
    message = _error(tmp_path, "[tool.assay]\nfailon = 'error'\n", name="pyproject.toml")
    assert message == "unknown key `failon`; did you mean `fail-on`?"


def test_tool_assay_table_inside_assay_toml_is_explained(tmp_path: Path) -> None:
    """Copying the pyproject form into assay.toml gets a hint, not just "unknown key"."""
    message = _error(tmp_path, "[tool.assay]\nfail-on = 'error'\n")
    assert "in assay.toml the keys go at the top level, without [tool.assay]" in message


def test_tool_assay_that_is_not_a_table_is_an_error(tmp_path: Path) -> None:
    """`tool.assay = 1` in pyproject.toml is a mistake, not an absent table."""
    assert _error(tmp_path, "[tool]\nassay = 1\n", name="pyproject.toml") == (
        "`tool.assay` must be a table"
    )


def test_fail_on_outside_its_choices_is_an_error(tmp_path: Path) -> None:
    """`fail-on` lists its choices and quotes the wrong value."""
    with pytest.raises(
        ConfigError,
        match=re.escape("`fail-on` must be one of error, warning, info, never (got 'erorr')"),
    ):
        load_config(_write(_repo(tmp_path / "r") / "assay.toml", 'fail-on = "erorr"\n').parent)


@pytest.mark.parametrize("key", ["specs", "include", "exclude", "select", "ignore"])
@pytest.mark.parametrize("value", ['"docs/*.md"', "[1, 2]", "true"])
def test_list_keys_must_be_lists_of_strings(tmp_path: Path, key: str, value: str) -> None:
    """A single string (a common slip) or a list of other things is refused."""
    message = _error(tmp_path, f"{key} = {value}\n")
    assert message.startswith(f"`{key}` must be a list of strings (got ")


def test_severity_level_outside_its_choices_is_an_error(tmp_path: Path) -> None:
    """Severity values are error, warning, info or off."""
    message = _error(tmp_path, '[severity]\nLNK001 = "fatal"\n')
    assert message == "`severity.LNK001` must be one of error, warning, info, off (got 'fatal')"


def test_severity_that_is_not_a_table_is_an_error(tmp_path: Path) -> None:
    """`severity` maps selectors to levels; a list is refused."""
    assert _error(tmp_path, 'severity = ["LNK001"]\n') == (
        "`severity` must be a table (got ['LNK001'])"
    )


def test_per_file_ignores_values_must_be_lists(tmp_path: Path) -> None:
    """Each per-file-ignores entry is a list of selectors."""
    message = _error(tmp_path, '[per-file-ignores]\n"docs/**" = "LNK001"\n')
    assert message == "`per-file-ignores.docs/**` must be a list of strings (got 'LNK001')"


@pytest.mark.parametrize(
    "text",
    [
        'select = ["LNK 001"]\n',
        'ignore = ["Broken_Link"]\n',
        '[severity]\n"LNK01" = "off"\n',
        '[per-file-ignores]\n"docs/**" = ["LINK001"]\n',
    ],
)
def test_selectors_must_be_codes_families_or_names(tmp_path: Path, text: str) -> None:
    """A selector that is neither `ABC123`, `ABC` nor kebab-case is refused."""
    message = _error(tmp_path, text)
    assert "must be a code (LNK001), a family (LNK) or a kebab-case check name" in message


def test_lower_case_code_suggests_the_upper_case_one(tmp_path: Path) -> None:
    """`lnk001` would pass as a kebab name and select nothing; it is refused with the fix."""
    message = _error(tmp_path, 'ignore = ["lnk001"]\n')
    assert message == "`ignore`: codes are upper case (got 'lnk001'; did you mean 'LNK001'?)"


@pytest.mark.parametrize(
    ("pattern", "reason"),
    [
        ("../shared/*.md", "`..` is not allowed"),
        ("!docs/keep.md", "negation is not supported"),
        ("docs\\adr", "never `\\`"),
        ("", "must not be empty"),
        ("[z-a].md", "bad character class"),
    ],
)
def test_bad_globs_are_errors(tmp_path: Path, pattern: str, reason: str) -> None:
    """Patterns that cannot match anything in the workspace are refused with the reason."""
    message = _error(tmp_path, f"include = ['{pattern}']\n")  # a literal string: no escapes
    assert message.startswith(f"`include` pattern {pattern!r}: ")
    assert reason in message


@pytest.mark.parametrize(
    "pattern", ["/etc/passwd", "~/specs/*.assay", "~team/x.assay", "C:/specs/x.assay", "C:\\x"]
)
def test_an_absolute_spec_path_is_an_error_at_the_entry(tmp_path: Path, pattern: str) -> None:
    """`specs = ["/etc/passwd"]` matched nothing, silently: like `..`, a path outside the
    workspace (absolute, a drive, a home folder) is a config error at the entry."""
    _write(_repo(tmp_path / "repo") / "assay.toml", f"fail-on = 'error'\nspecs = ['{pattern}']\n")
    with pytest.raises(ConfigError) as caught:
        load_config(tmp_path / "repo")
    assert caught.value.detail.startswith(f"`specs` pattern {pattern!r}: ")
    assert "relative to the workspace root" in caught.value.detail
    assert (caught.value.line, caught.value.column) == (2, 10)


def test_a_leading_slash_still_anchors_other_patterns(tmp_path: Path) -> None:
    """Only spec paths refuse it: in `include` a leading `/` anchors, as documented."""
    _write(_repo(tmp_path / "repo") / "assay.toml", "include = ['/docs/*.md']\n")
    assert load_config(tmp_path / "repo").include == ("/docs/*.md",)


def test_bad_glob_in_per_file_ignores_is_an_error(tmp_path: Path) -> None:
    """Per-file-ignores keys are globs and are checked like the others."""
    message = _error(tmp_path, '[per-file-ignores]\n"../x/*.md" = ["LNK"]\n')
    assert message.startswith("`per-file-ignores` pattern '../x/*.md': ")


@pytest.mark.parametrize(
    ("text", "name", "where"),
    [
        ("colour = true\n", "assay.toml", (1, 1)),
        ('# ours\nselect = ["DOC",\n  "lnk001"]\n', "assay.toml", (3, 3)),
        ('fail-on = "loud"\n', "assay.toml", (1, 1)),
        ('[severity]\nLNK001 = "fatal"\n', "assay.toml", (2, 1)),
        ('[per-file-ignores]\n"docs/**" = ["DOC", "doc002"]\n', "assay.toml", (2, 21)),
        ('[per-file-ignores]\n"../x/*.md" = ["LNK"]\n', "assay.toml", (2, 1)),
        ('[project]\nname = "x"\n\n[tool.assay]\nfailon = "error"\n', "pyproject.toml", (5, 1)),
    ],
    ids=["unknown", "entry", "choice", "severity", "ignore-entry", "ignore-glob", "pyproject"],
)
def test_errors_in_values_name_the_line_and_column(
    tmp_path: Path, text: str, name: str, where: tuple[int, int]
) -> None:
    """TOML keeps no positions; the key (or the list entry) is found in the text."""
    _write(_repo(tmp_path / "repo") / name, text)
    with pytest.raises(ConfigError) as caught:
        load_config(tmp_path / "repo")
    assert (caught.value.line, caught.value.column) == where
    assert f"{name}:{where[0]}:{where[1]}: " in str(caught.value)
