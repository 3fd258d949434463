"""The import layers of "one package per game" (pyproject.toml, [tool.importlinter]):
engines import no Django and nothing of the site, the core imports no game app, and
game apps do not import each other. Every registered game is under the contracts."""

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

from django.conf import settings

ROOT = Path(__file__).resolve().parents[2]
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")
PACKAGES = ("games", "ledger", "accounts", "ratings", "capitalla_site", "api")


def lint_imports(cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([str(LINT_IMPORTS), "--no-cache"], cwd=cwd, capture_output=True, text=True, timeout=300)


def contracts() -> dict[str, dict]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    return {contract["type"]: contract for contract in config["contracts"]}


def test_the_import_contracts_hold():
    run = lint_imports(ROOT)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "0 broken" in run.stdout


def test_every_game_package_is_under_the_contracts():
    # A game's package is under the contracts from its first commit, before it is in GAME_APPS.
    packages = {f"games.{folder.name}" for folder in (ROOT / "games").iterdir() if (folder / "engine").is_dir()}
    assert set(settings.GAME_APPS) <= packages
    assert set(contracts()["protected"]["protected_modules"]) == packages
    assert set(contracts()["independence"]["modules"]) == packages


def copy_of_the_site(tmp_path: Path) -> Path:
    for package in PACKAGES:
        shutil.copytree(ROOT / package, tmp_path / package, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    return tmp_path


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
