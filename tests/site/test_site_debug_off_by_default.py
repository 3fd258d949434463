"""Attack on a careless deploy: with DEBUG unset in production, any 500 served Django's debug
page with DATABASE_URL (and its password), REDIS_URL and the mail login in it. DEBUG is off
unless the environment turns it on; `make run` and `make test` turn it on themselves."""

from pathlib import Path

from django.conf import settings
from production_site import setting


def test_debug_is_off_when_the_environment_does_not_set_it(tmp_path):
    assert setting(tmp_path, "DEBUG", DEBUG=None) is False


def test_debug_is_on_only_when_the_environment_turns_it_on(tmp_path):
    assert setting(tmp_path, "DEBUG", DEBUG="1") is True
    assert setting(tmp_path, "DEBUG", DEBUG="0") is False


def test_make_run_and_make_test_turn_debug_on_themselves():
    makefile = Path(settings.BASE_DIR, "Makefile").read_text()
    targets = next(line.split(":")[0].split() for line in makefile.splitlines() if line.endswith("export DEBUG ?= 1"))
    assert {"run", "test", "demo"} <= set(targets)
