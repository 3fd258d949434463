"""The embedded broker (no REDIS_URL) keeps every file it writes under VAR_DIR, which git
ignores: nothing of the broker's lands in the source tree."""

import subprocess
import sys

from tests.site.test_site_embedded_broker_burst import ROOT, SCRIPT, embedded_env


def source_tree_files() -> set[str]:
    listed = subprocess.run(
        ["git", "ls-files", "--others", "--cached", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return set(listed.splitlines())


def test_the_broker_writes_only_under_var_dir(tmp_path):
    before = source_tree_files()
    subprocess.run(
        [sys.executable, str(SCRIPT), "publish", "alice", "3"], cwd=ROOT, env=embedded_env(tmp_path), check=True
    )

    assert (tmp_path / "broker.sqlite3").exists()
    assert source_tree_files() == before
