"""Every account's name key again, by the rule that now also reads other scripts'
capitals as the Latin ones they look like, Latin letters as their base letter ("ø",
"ʙ"), a capital I, 1 or 0 inside a word as the letter it looks like, and drops every
mark and variation selector (accounts/names.py). As in 0006, names that now share a key
are kept."""

from importlib import import_module

from django.db import migrations

rekey = import_module("accounts.migrations.0006_name_keys_fold_look_alikes").rekey


class Migration(migrations.Migration):
    dependencies = [("accounts", "0006_name_keys_fold_look_alikes")]

    operations = [migrations.RunPython(rekey, migrations.RunPython.noop)]
