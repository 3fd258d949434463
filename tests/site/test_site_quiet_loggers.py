"""At LOG_LEVEL=INFO, mail_in (aiosmtpd) logged every SMTP command, each RCPT's signed reply
token with it (a secret in the logs), and django-axes four lines per login: those loggers
stay at WARNING whatever LOG_LEVEL says."""

import logging

from production_site import setting

NOISY = ("mail.log", "mail.debug", "aiosmtpd", "axes")


def test_the_noisy_loggers_stay_at_warning_at_log_level_info(tmp_path):
    logging_config = setting(tmp_path, "LOGGING", LOG_LEVEL="INFO")
    assert logging_config["root"]["level"] == "INFO"
    for name in NOISY:
        assert logging_config["loggers"][name]["level"] == "WARNING", name


def test_an_rcpt_at_info_is_not_logged(caplog):
    """The configured levels at work: aiosmtpd's INFO lines are dropped, its warnings kept."""
    caplog.set_level(logging.INFO)  # the root, as LOG_LEVEL=INFO
    logging.getLogger("mail.log").info("recip: play+2.0.4.5fc1708cca662d6988957fc6@play.capitalla.example")
    logging.getLogger("axes.handlers.database").info("AXES: Reset 0 access attempts from database.")
    logging.getLogger("mail.log").warning("a connection lost")
    assert [record.getMessage() for record in caplog.records] == ["a connection lost"]
