"""ruff (pyproject.toml, [tool.ruff]) finds nothing and would reformat nothing: a finding
fails the suite, and so CI."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def ruff(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "ruff", *args], cwd=cwd, capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("command", [("check", "."), ("format", "--check", ".")])
def test_ruff_finds_nothing(command):
    run = ruff(*command)
    assert run.returncode == 0, run.stdout + run.stderr


def test_a_finding_fails(tmp_path):
    (tmp_path / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text())
    (tmp_path / "sloppy.py").write_text("import os\nx = [1,2]\n")
    assert "F401" in ruff("check", ".", cwd=tmp_path).stdout
    assert ruff("format", "--check", ".", cwd=tmp_path).returncode == 1
