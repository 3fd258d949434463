"""Every account's name key again, by the rule that now also drops accents and reads
look-alike letters of other scripts as Latin (accounts/names.py). Two accounts whose names
now share a key keep them; only new names and renames are compared."""

from django.db import migrations


def rekey(apps, schema_editor):
    from accounts.name_keys import name_key

    User = apps.get_model("accounts", "User")
    changed = []
    for user in User.objects.only("pk", "username", "display_name", "name_key").iterator():
        key = name_key(user.display_name or user.username)
        if key != user.name_key:
            user.name_key = key
            changed.append(user)
    User.objects.bulk_update(changed, ["name_key"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [("accounts", "0005_time_zone_quiet_hours_absences")]

    operations = [migrations.RunPython(rekey, migrations.RunPython.noop)]
