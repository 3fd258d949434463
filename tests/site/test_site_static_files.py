"""Static files 404'd with DEBUG off until someone ran `collectstatic`, which the README never
mentioned, and without htmx the table never refreshes. A deploy check fails while they are
not collected."""

from importlib import import_module

from production_site import manage

from capitalla_site import settings as site_settings


def test_check_deploy_fails_while_the_static_files_are_not_collected(tmp_path):
    checked = manage(tmp_path, "check", "--deploy")
    assert checked.returncode != 0
    assert "capitalla.E001" in checked.stderr and "collectstatic" in checked.stderr


def test_collected_static_files_are_hashed_and_compressed(tmp_path):
    assert manage(tmp_path, "collectstatic", "--noinput").returncode == 0
    collected = tmp_path / "staticfiles"
    assert (collected / "staticfiles.json").exists()
    assert list(collected.glob("vendor/htmx.min.*.js")) and list(collected.glob("vendor/htmx.min.*.js.gz"))
    # The country cards' flags (static/vendor/flags/), hashed and compressed like the rest.
    assert list(collected.glob("vendor/flags/fr.*.svg")) and list(collected.glob("vendor/flags/fr.*.svg.gz"))
    assert len(list(collected.glob("vendor/flags/*.*.svg"))) == 195
    for app in site_settings.GAME_APPS:  # each game's CSS, from its app's static folder (the site's games)
        plugin = import_module(f"{app}.plugin").PLUGIN
        assert list(collected.glob(plugin.stylesheet.removesuffix(".css") + ".*.css"))
