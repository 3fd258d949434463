"""The import layers of "one package per game" (pyproject.toml, [tool.importlinter]):
engines import no Django and nothing of the site, the core imports no game app, and
game apps do not import each other. Every game package is under the contracts, found
there (tests/import_contracts.py) rather than listed: a new game needs no line in them."""

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

from django.conf import settings

ROOT = Path(__file__).resolve().parents[2]
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")
PACKAGES = ("engine", "games", "ledger", "accounts", "ratings", "capitalla_site", "api")


def lint_imports(cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([str(LINT_IMPORTS), "--no-cache"], cwd=cwd, capture_output=True, text=True, timeout=300)


def contracts() -> dict[str, dict]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    return {contract["type"]: contract for contract in config["contracts"]}


def test_the_import_contracts_hold():
    run = lint_imports(ROOT)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "0 broken" in run.stdout


def test_the_contracts_name_no_game():
    # The game contracts find the game packages (every package of games with an engine):
    # the site's games are all such packages, and pyproject.toml names none of them.
    packages = {f"games.{folder.name}" for folder in (ROOT / "games").iterdir() if (folder / "engine").is_dir()}
    assert {app for app in settings.GAME_APPS if app.startswith("games.")} <= packages
    for kind in ("protected_games", "independent_games"):
        assert contracts()[kind]["games"] == "games.*.engine"
    config = (ROOT / "pyproject.toml").read_text()
    assert not [package for package in packages if f'"{package}"' in config]


def copy_of_the_site(tmp_path: Path) -> Path:
    for package in PACKAGES:
        shutil.copytree(ROOT / package, tmp_path / package, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    (tmp_path / "tests").mkdir()
    shutil.copy(ROOT / "tests" / "import_contracts.py", tmp_path / "tests")
    return tmp_path


def new_game(site: Path, slug: str, engine_line: str = "") -> Path:
    """A new game's first commit: its package with an engine, in no list."""
    package = site / "games" / slug
    (package / "engine").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "engine" / "__init__.py").write_text(f"{engine_line}\n")
    return package


def test_a_new_game_is_under_the_contracts_from_its_first_commit(tmp_path):
    site = copy_of_the_site(tmp_path)
    new_game(site, "newgame", "from games.capit.engine import CONTRACTS")
    run = lint_imports(site)
    assert run.returncode != 0 and "Game apps do not import each other" in run.stdout and "BROKEN" in run.stdout
    assert "games.newgame" in run.stdout


def test_a_core_module_importing_a_new_game_breaks_a_contract(tmp_path):
    site = copy_of_the_site(tmp_path)
    new_game(site, "newgame")
    plant(site / "games" / "views.py", "import games.newgame.engine")
    run = lint_imports(site)
    assert run.returncode != 0 and "The core imports no game app" in run.stdout and "games.newgame" in run.stdout


def plant(module: Path, line: str) -> None:
    module.write_text(module.read_text() + f"\n{line}\n")


def test_a_core_module_importing_a_game_breaks_a_contract(tmp_path):
    site = copy_of_the_site(tmp_path)
    plant(site / "games" / "views.py", "from games.capit.engine import CONTRACTS")
    run = lint_imports(site)
    assert run.returncode != 0 and "The core imports no game app" in run.stdout and "BROKEN" in run.stdout


def test_an_engine_importing_django_breaks_a_contract(tmp_path):
    site = copy_of_the_site(tmp_path)
    plant(site / "games" / "capitalla" / "engine" / "rules.py", "import django.db")
    run = lint_imports(site)
    assert run.returncode != 0 and "Engines are pure" in run.stdout and "BROKEN" in run.stdout


def test_a_game_importing_another_game_breaks_a_contract(tmp_path):
    site = copy_of_the_site(tmp_path)
    plant(site / "games" / "capit" / "presenter.py", "from games.capitalla.engine import CARDS")
    run = lint_imports(site)
    assert run.returncode != 0 and "Game apps do not import each other" in run.stdout and "BROKEN" in run.stdout


def test_ratings_reaching_into_the_services_breaks_a_contract(tmp_path):
    site = copy_of_the_site(tmp_path)
    plant(site / "ratings" / "recording.py", "from games.actions import player_moves")
    run = lint_imports(site)
    assert run.returncode != 0 and "never reach back into them" in run.stdout and "BROKEN" in run.stdout


def test_a_write_module_importing_one_above_it_breaks_a_contract(tmp_path):
    site = copy_of_the_site(tmp_path)
    plant(site / "games" / "actions" / "game_state.py", "from games.actions import lifecycle")
    run = lint_imports(site)
    assert run.returncode != 0 and "import each other one way" in run.stdout and "BROKEN" in run.stdout
