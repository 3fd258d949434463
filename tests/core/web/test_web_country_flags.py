"""Flags are pictures (issue 48, item 11): a flag emoji is two empty boxes without an emoji
font, and Windows' browsers draw none. Every country the games use has its SVG flag in
static/vendor/flags/ (from flag-icons, with its MIT licence), found by the static files'
finders, with no script and nothing loaded from elsewhere; every Capitalla card and every
Casino question shows it as an <img> with an empty alt beside the name in words. (In a
browser without emoji fonts: tests/e2e/test_e2e_flags.py.)"""

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from django.template.loader import render_to_string
from django.utils.html import escape

from engine.countries import COUNTRIES, alpha2_of_flag, flag_emoji
from games.capitalla.engine import CARDS
from games.capitalla.presenter import card
from games.casino.presenter import questions
from tables.country_flags import FLAGS_FOLDER, flag_image, flag_image_of_emoji

FLAGS = Path(settings.BASE_DIR) / "static" / FLAGS_FOLDER
SVG, XLINK = "http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink"
# What could run a script or fetch something from elsewhere, in an SVG.
UNSAFE_ELEMENTS = {"script", "foreignObject", "image", "a", "iframe", "embed", "object", "audio", "video", "style"}


def flag_src(alpha2: str) -> str:
    return f"/static/vendor/flags/{alpha2.lower()}.svg"


def test_every_country_the_games_use_has_its_flag_and_no_other_flag_is_kept():
    assert {path.name for path in FLAGS.glob("*.svg")} == {f"{c.alpha2.lower()}.svg" for c in COUNTRIES.values()}
    assert len(COUNTRIES) == 195
    for country in COUNTRIES.values():
        assert finders.find(flag_image(country.alpha2)) == str(FLAGS / f"{country.alpha2.lower()}.svg")


def test_the_flags_come_with_their_licence_and_source():
    licence = (FLAGS / "LICENSE.txt").read_text(encoding="utf-8")
    assert "The MIT License" in licence and "Panayiotis Lipiridis" in licence
    readme = (FLAGS.parent / "README.md").read_text(encoding="utf-8")
    assert "lipis/flag-icons" in readme and "`flags/LICENSE.txt`" in readme


@pytest.mark.parametrize("path", sorted(FLAGS.glob("*.svg")), ids=lambda path: path.stem)
def test_a_flag_runs_no_script_and_loads_nothing_from_elsewhere(path):
    text = path.read_text(encoding="utf-8")
    assert "<!DOCTYPE" not in text.upper() and "<!ENTITY" not in text.upper()
    root = ET.fromstring(text)
    assert root.tag == f"{{{SVG}}}svg" and root.get("viewBox") == "0 0 640 480"  # 4:3, as the markup says
    for element in root.iter():
        namespace, _, name = element.tag[1:].partition("}")
        assert namespace == SVG and name not in UNSAFE_ELEMENTS, element.tag
        for attribute, value in element.attrib.items():
            assert not attribute.lower().startswith("on"), attribute
            if attribute in ("href", f"{{{XLINK}}}href"):
                assert value.startswith("#"), value  # a part of the same file
            assert all(ref.startswith("#") for ref in re.findall(r"url\(\s*['\"]?([^)'\"]*)", value)), value


def test_a_flag_emoji_gives_back_its_alpha2_code():
    for country in COUNTRIES.values():
        assert alpha2_of_flag(country.flag) == country.alpha2
        assert flag_emoji(country.alpha2) == country.flag
    assert flag_image_of_emoji(COUNTRIES["FRA"].flag) == "vendor/flags/fr.svg"
    assert flag_image_of_emoji(None) is None
    for not_a_flag in ("FR", "\U0001f1eb", "\U0001f1eb\U0001f1f7\U0001f1f7", "\U0001f600\U0001f600"):
        with pytest.raises(ValueError):
            alpha2_of_flag(not_a_flag)


def test_every_capitalla_card_shows_its_flag_picture_beside_its_name():
    for card_id, c in CARDS.items():
        face = card(card_id)
        img = f'<img class="card__flag" src="{flag_src(c.alpha2)}" alt="" width="40" height="30">'
        for markup in (face["face"], face["face_with_fact"], face["hand_card"], face["discard_button"]):
            assert markup.count(img) == 1, card_id
            assert c.flag not in markup  # the emoji is gone from the page
        assert f'<span class="card__country" aria-hidden="true">{escape(face["name_on_card"])}</span>' in face["face"]


def test_every_casino_question_shows_its_country_flag_picture():
    asked = [
        {"id": f"q{k}", "country": c.name, "flag": c.flag, "by": 1, "to": 0, "choices": ["A", "B", "C", "D"]}
        for k, c in enumerate(COUNTRIES.values())
    ]
    shown = questions({"asked": asked}, lambda seat: ["Alice", "Bob"][seat], 0, away=False)
    assert len(shown["for_me"]) == len(COUNTRIES)
    for q, c in zip(shown["for_me"], COUNTRIES.values()):
        img = f'<img class="question-flag" src="{flag_src(c.alpha2)}" alt="" width="28" height="21">'
        for template in ("casino/_question_for_me.html", "casino/_asked_item.html"):
            html = render_to_string(template, {"q": q, "table": {"is_active": True}})
            assert f"{img} <strong>{escape(c.name)}</strong>?" in html, (template, c.id)
            assert c.flag not in html


def test_a_question_from_before_the_flags_shows_none():
    record = {"id": "q1", "country": "France", "by": 1, "to": 0, "choices": ["Paris", "Lyon", "Nice", "Lille"]}
    (q,) = questions({"asked": [record]}, lambda seat: ["Alice", "Bob"][seat], 0, away=False)["for_me"]
    html = render_to_string("casino/_question_for_me.html", {"q": q, "table": {"is_active": True}})
    assert q["flag_image"] is None and "<img" not in html and "<strong>France</strong>?" in html
