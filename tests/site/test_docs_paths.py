"""The docs name only files that are in the repository.

The docs are `README.md`, every `.md` under `docs/`, every game's `games/<slug>/notes/*.md`
and `games/<slug>/bench/README.md`, and `bench/README.md`. A *repository path* is a word
of their text (split at white space, backticks, brackets, parentheses, quotes, commas,
semicolons and table bars) that starts with one of the repository's top-level names below
followed by `/`
(`mailroom/inbound/head.py`, `.ci/run`, `tests/security/`), or is one of its top-level files
(`Makefile`, `pyproject.toml`). A `:line`, `::test`, `#anchor` or trailing punctuation
after it is dropped. Not paths:
addresses (`http://…`), site URLs (they start with `/`: `/outbox/`), and words holding a
placeholder or a glob (`<slug>`, `*`, `{…}`, `…`). A relative link (`[x](notes/bots.md)`)
must resolve from the file it is in.

Each repository path must exist: one that does not names a file that moved or never was."""

import re
from pathlib import Path

import pytest
from django.conf import settings

ROOT = Path(settings.BASE_DIR)

# The repository's top-level folders and files (what `git ls-files` shows at the root).
TOP_DIRS = (
    ".ci",
    "accounts",
    "api",
    "bench",
    "bin",
    "capitalla_site",
    "docs",
    "examples",
    "engine",
    "games",
    "ledger",
    "live",
    "mailroom",
    "ratings",
    "static",
    "tables",
    "templates",
    "tests",
)
TOP_FILES = (".gitignore", "Makefile", "README.md", "manage.py", "pyproject.toml")

SEPARATORS = re.compile(r"[\s`()\[\]\"',;|]+")
NOT_A_PATH = re.compile(r"[<>*{}…$]|\.\.\.")
LINK = re.compile(r"\]\(([^)\s]+)\)")


def docs() -> list[Path]:
    return [
        ROOT / "README.md",
        *sorted((ROOT / "docs").rglob("*.md")),
        *sorted(ROOT.glob("games/*/notes/*.md")),
        *sorted(ROOT.glob("games/*/bench/README.md")),
        ROOT / "bench" / "README.md",
    ]


def repository_paths(text: str) -> set[str]:
    """The repository paths written in `text`, as the module's docstring defines them."""
    found = set()
    for word in SEPARATORS.split(text):
        if NOT_A_PATH.search(word):
            continue
        path = re.split(r"::|:|#", word, maxsplit=1)[0].rstrip(".!?")
        if path in TOP_FILES or ("/" in path and path.split("/", 1)[0] in TOP_DIRS):
            found.add(path)
    return found


def relative_links(text: str) -> set[str]:
    """Link targets that are neither addresses, site URLs nor anchors in the same page."""
    targets = {target.split("#", 1)[0] for target in LINK.findall(text)}
    return {target for target in targets if target and not re.match(r"[a-z]+:|/", target)}


def test_the_top_level_names_are_the_repositorys():
    """The names a path may start with are still there (a renamed folder renames them here)."""
    missing = [name for name in TOP_DIRS + TOP_FILES if not (ROOT / name).exists()]
    assert not missing, f"top-level names that are gone: {missing}"


def test_the_docs_are_found():
    """README.md, the guides, the decision records, each game's notes and the benchmarks' are read."""
    names = {path.relative_to(ROOT).as_posix() for path in docs()}
    assert {"README.md", "docs/operators.md", "docs/players.md", "docs/decisions/README.md"} <= names
    assert any(name.startswith("games/") for name in names) and "bench/README.md" in names
    assert "games/capitalla/bench/README.md" in names


def test_the_rule_finds_paths_and_leaves_the_rest():
    """What counts as a path, on examples of each form the docs use."""
    text = (
        "`mailroom/inbound/head.py:40`, (docs/security.md, §6), `.ci/run`, Makefile, "
        "`tests/security/test_x.py::test_y`, [a](docs/api.md#tokens), bench/README.md. "
        "http://127.0.0.1:8000/outbox/ `/outbox/` `games/<slug>/notes/` `bench/bench_*.py` "
        "games, docs/decisions/…"
    )
    assert repository_paths(text) == {
        "mailroom/inbound/head.py",
        "docs/security.md",
        ".ci/run",
        "Makefile",
        "tests/security/test_x.py",
        "docs/api.md",
        "bench/README.md",
    }


@pytest.mark.parametrize("doc", docs(), ids=lambda path: path.relative_to(ROOT).as_posix())
def test_every_path_a_doc_names_exists(doc):
    """Every repository path written in the doc is a file or folder of the repository."""
    missing = sorted(path for path in repository_paths(doc.read_text()) if not (ROOT / path).exists())
    assert not missing, f"{doc.relative_to(ROOT)} names paths that do not exist: {missing}"


@pytest.mark.parametrize("doc", docs(), ids=lambda path: path.relative_to(ROOT).as_posix())
def test_every_relative_link_of_a_doc_resolves(doc):
    """Every relative link of the doc leads to a file or folder of the repository."""
    broken = sorted(target for target in relative_links(doc.read_text()) if not (doc.parent / target).exists())
    assert not broken, f"{doc.relative_to(ROOT)} links to what does not exist: {broken}"
