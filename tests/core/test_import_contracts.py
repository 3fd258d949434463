"""The import contracts (pyproject.toml, [tool.importlinter]): the apps in layers (engine,
accounts, the core, mail and the API and the games, live), engines import no Django and
nothing of the site, the core imports no game package, and game packages do not import
each other. Every game package is under the contracts, found there
(tests/import_contracts.py) rather than listed: a new game needs no line in them."""

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

from django.conf import settings

ROOT = Path(__file__).resolve().parents[2]
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
PACKAGES = tuple(CONFIG["root_packages"])


def lint_imports(cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([str(LINT_IMPORTS), "--no-cache"], cwd=cwd, capture_output=True, text=True, timeout=300)


def contracts() -> dict[str, dict]:
    return {contract["type"]: contract for contract in CONFIG["contracts"]}


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
    assert run.returncode != 0 and "Game packages do not import each other" in run.stdout and "BROKEN" in run.stdout
    assert "games.newgame" in run.stdout


def test_a_core_module_importing_a_new_game_breaks_a_contract(tmp_path):
    site = copy_of_the_site(tmp_path)
    new_game(site, "newgame")
    plant(site / "tables" / "views.py", "import games.newgame.engine")
    run = lint_imports(site)
    assert run.returncode != 0 and "The core imports no game package" in run.stdout and "games.newgame" in run.stdout


def plant(module: Path, line: str) -> None:
    module.write_text(module.read_text() + f"\n{line}\n")


def test_a_core_module_importing_a_game_breaks_a_contract(tmp_path):
    site = copy_of_the_site(tmp_path)
    plant(site / "tables" / "views.py", "from games.capit.engine import CONTRACTS")
    run = lint_imports(site)
    assert run.returncode != 0 and "The core imports no game package" in run.stdout and "BROKEN" in run.stdout


def test_an_engine_importing_django_breaks_a_contract(tmp_path):
    site = copy_of_the_site(tmp_path)
    plant(site / "games" / "capitalla" / "engine" / "rules.py", "import django.db")
    run = lint_imports(site)
    assert run.returncode != 0 and "Engines are pure" in run.stdout and "BROKEN" in run.stdout


def test_a_game_importing_another_game_breaks_a_contract(tmp_path):
    site = copy_of_the_site(tmp_path)
    plant(site / "games" / "capit" / "presenter.py", "from games.capitalla.engine import CARDS")
    run = lint_imports(site)
    assert run.returncode != 0 and "Game packages do not import each other" in run.stdout and "BROKEN" in run.stdout


def broken_layers(site: Path) -> str:
    run = lint_imports(site)
    assert run.returncode != 0 and "The apps in layers" in run.stdout and "BROKEN" in run.stdout
    return run.stdout


def test_ratings_reaching_into_the_write_layer_breaks_a_contract(tmp_path):
    site = copy_of_the_site(tmp_path)
    plant(site / "ratings" / "recording.py", "from tables.actions import player_moves")
    assert "ratings is not allowed to import tables" in broken_layers(site)


def test_accounts_reaching_into_the_mail_breaks_a_contract(tmp_path):
    site = copy_of_the_site(tmp_path)
    plant(site / "accounts" / "models.py", "from mailroom import outbox")
    assert "accounts is not allowed to import mailroom" in broken_layers(site)


def test_the_core_reaching_into_the_mail_breaks_a_contract(tmp_path):
    site = copy_of_the_site(tmp_path)
    plant(site / "tables" / "actions" / "turn_timeouts.py", "from mailroom.queue import queue_mail")
    assert "tables is not allowed to import mailroom" in broken_layers(site)


def test_the_mail_reaching_into_the_api_breaks_a_contract(tmp_path):
    site = copy_of_the_site(tmp_path)
    plant(site / "mailroom" / "views.py", "from api import tokens")
    assert "mailroom is not allowed to import api" in broken_layers(site)


def test_the_write_layer_reaching_into_a_page_breaks_a_contract(tmp_path):
    site = copy_of_the_site(tmp_path)
    plant(site / "tables" / "actions" / "lifecycle.py", "from tables import views_lobby")
    run = lint_imports(site)
    assert run.returncode != 0 and "never reaches back into a page" in run.stdout


def test_a_write_module_importing_one_above_it_breaks_a_contract(tmp_path):
    site = copy_of_the_site(tmp_path)
    plant(site / "tables" / "actions" / "game_state.py", "from tables.actions import lifecycle")
    run = lint_imports(site)
    assert run.returncode != 0 and "import each other one way" in run.stdout and "BROKEN" in run.stdout
