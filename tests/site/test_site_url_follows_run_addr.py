"""`make run` on another port (RUN_ADDR) made mail links point at port 8000 still: SITE_URL
follows RUN_ADDR unless it is set."""

from production_site import setting


def test_the_site_url_follows_run_addr_when_unset(tmp_path):
    assert setting(tmp_path, "SITE_URL", SITE_URL=None, RUN_ADDR="127.0.0.1:8123") == "http://127.0.0.1:8123"


def test_a_run_addr_of_only_a_port_or_every_interface_points_mail_at_this_machine(tmp_path):
    assert setting(tmp_path, "SITE_URL", SITE_URL=None, RUN_ADDR="8123") == "http://127.0.0.1:8123"
    assert setting(tmp_path, "SITE_URL", SITE_URL=None, RUN_ADDR="0.0.0.0:8123") == "http://127.0.0.1:8123"


def test_a_site_url_set_wins_over_run_addr(tmp_path):
    assert setting(tmp_path, "SITE_URL", SITE_URL="https://capitalla.example", RUN_ADDR="0.0.0.0:8123") == (
        "https://capitalla.example"
    )


def test_neither_set_is_the_default_address(tmp_path):
    assert setting(tmp_path, "SITE_URL", SITE_URL=None, RUN_ADDR=None) == "http://127.0.0.1:8000"
