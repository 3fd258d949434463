"""Pins the 195 Capitalla country cards (engine/countries.json, shared with Casino)."""

import json

import pytest

from engine.countries import COUNTRIES, Country
from games.capitalla.engine.cards import CARDS, DATA_FILE, Card, _load, initial

UN_MEMBERS = set(
    """
    AFG AGO ALB AND ARE ARG ARM ATG AUS AUT AZE BDI BEL BEN BFA BGD BGR BHR BHS BIH
    BLR BLZ BOL BRA BRB BRN BTN BWA CAF CAN CHE CHL CHN CIV CMR COD COG COL COM CPV
    CRI CUB CYP CZE DEU DJI DMA DNK DOM DZA ECU EGY ERI ESP EST ETH FIN FJI FRA FSM
    GAB GBR GEO GHA GIN GMB GNB GNQ GRC GRD GTM GUY HND HRV HTI HUN IDN IND IRL IRN
    IRQ ISL ISR ITA JAM JOR JPN KAZ KEN KGZ KHM KIR KNA KOR KWT LAO LBN LBR LBY LCA
    LIE LKA LSO LTU LUX LVA MAR MCO MDA MDG MDV MEX MHL MKD MLI MLT MMR MNE MNG MOZ
    MRT MUS MWI MYS NAM NER NGA NIC NLD NOR NPL NRU NZL OMN PAK PAN PER PHL PLW PNG
    POL PRK PRT PRY QAT ROU RUS RWA SAU SDN SEN SGP SLB SLE SLV SMR SOM SRB SSD STP
    SUR SVK SVN SWE SWZ SYC SYR TCD TGO THA TJK TKM TLS TON TTO TUN TUR TUV TZA UGA
    UKR URY USA UZB VCT VEN VNM VUT WSM YEM ZAF ZMB ZWE
    """.split()
)

MULTI_CAPITAL = {
    "BDI": {"G", "B"},  # Gitega, Bujumbura
    "BEN": {"P", "C"},  # Porto-Novo, Cotonou
    "BOL": {"S", "L"},  # Sucre, La Paz
    "CIV": {"Y", "A"},  # Yamoussoukro, Abidjan
    "LKA": {"S", "C"},  # Sri Jayawardenepura Kotte, Colombo
    "MNE": {"P", "C"},  # Podgorica, Cetinje
    "MYS": {"K", "P"},  # Kuala Lumpur, Putrajaya
    "NLD": {"A", "T"},  # Amsterdam, The Hague
    "PSE": {"J", "R"},  # Jerusalem, Ramallah
    "SWZ": {"M", "L"},  # Mbabane, Lobamba
    "YEM": {"S", "A"},  # Sanaa, Aden
    "ZAF": {"P", "C", "B"},  # Pretoria, Cape Town, Bloemfontein
}

JOKERS = {
    "AUS",  # Canberra
    "BEN",  # Cotonou
    "DNK",  # Copenhagen
    "EGY",  # Cairo
    "GIN",  # Conakry
    "LCA",  # Castries
    "LKA",  # Colombo
    "MDA",  # Chișinău
    "MNE",  # Cetinje
    "VEN",  # Caracas
    "ZAF",  # Cape Town
}

REGIONAL_A, REGIONAL_Z = 0x1F1E6, 0x1F1FF


def test_exactly_195_cards():
    assert len(CARDS) == 195


def test_un_members_plus_observers():
    assert len(UN_MEMBERS) == 193
    assert set(CARDS) == UN_MEMBERS | {"VAT", "PSE"}


def test_ids_unique_sorted_three_uppercase_letters():
    raw_ids = [row["id"] for row in json.loads(DATA_FILE.read_text("utf-8"))["cards"]]
    assert len(raw_ids) == len(set(raw_ids))
    assert raw_ids == sorted(raw_ids)
    assert list(CARDS) == raw_ids
    for cid, card in CARDS.items():
        assert card.id == cid
        assert len(cid) == 3 and cid.isascii() and cid.isalpha() and cid.isupper()


def test_alpha2_unique_and_flags_are_regional_indicator_pairs():
    rows = json.loads(DATA_FILE.read_text("utf-8"))["cards"]
    alpha2 = [row["alpha2"] for row in rows]
    assert len(alpha2) == len(set(alpha2))
    for row in rows:
        flag = CARDS[row["id"]].flag
        assert len(flag) == 2
        assert all(REGIONAL_A <= ord(ch) <= REGIONAL_Z for ch in flag)
        assert "".join(chr(ord(ch) - REGIONAL_A + ord("A")) for ch in flag) == row["alpha2"]
    assert CARDS["FRA"].flag == "\U0001f1eb\U0001f1f7"


def test_nauru_is_n():
    assert CARDS["NRU"].letters == {"N"}
    assert not CARDS["NRU"].is_joker


@pytest.mark.parametrize("cid,letters", sorted(MULTI_CAPITAL.items()))
def test_multi_capital_letters(cid, letters):
    card = CARDS[cid]
    assert len(card.capitals) >= 2
    assert card.letters == letters


def test_multi_capital_set_is_complete_and_documented():
    data = json.loads(DATA_FILE.read_text("utf-8"))
    assert {cid for cid, c in CARDS.items() if len(c.capitals) > 1} == set(MULTI_CAPITAL)
    assert set(data["multi_capital_notes"]) == set(MULTI_CAPITAL)


def test_joker_cards():
    assert {cid for cid, c in CARDS.items() if c.is_joker} == JOKERS
    for cid in JOKERS:
        assert any(initial(cap) == "C" for cap in CARDS[cid].capitals)


def test_capital_label():
    assert CARDS["ZAF"].capital_label == "Pretoria / Cape Town / Bloemfontein"
    assert CARDS["FRA"].capital_label == "Paris"


@pytest.mark.parametrize(
    "cid,capital,letter",
    [
        ("MEX", "Mexico City", "M"),
        ("MYS", "Kuala Lumpur", "K"),
        ("MUS", "Port Louis", "P"),
        ("CRI", "San José", "S"),
        ("ARG", "Buenos Aires", "B"),
        ("IND", "New Delhi", "N"),
        ("PAN", "Panama City", "P"),
        ("KWT", "Kuwait City", "K"),
        ("GTM", "Guatemala City", "G"),
        ("VAT", "Vatican City", "V"),
        ("GRD", "St. George's", "S"),
        ("ATG", "St. John's", "S"),
        ("ARE", "Abu Dhabi", "A"),
        ("ETH", "Addis Ababa", "A"),
        ("LKA", "Sri Jayawardenepura Kotte", "S"),
        ("ZAF", "Cape Town", "C"),
        ("NLD", "The Hague", "T"),
        ("BOL", "La Paz", "L"),
        ("BRN", "Bandar Seri Begawan", "B"),
        ("AND", "Andorra la Vella", "A"),
        ("USA", "Washington, D.C.", "W"),
        ("HTI", "Port-au-Prince", "P"),
        ("TTO", "Port of Spain", "P"),
        ("PNG", "Port Moresby", "P"),
        ("VUT", "Port Vila", "P"),
        ("SLV", "San Salvador", "S"),
        ("DOM", "Santo Domingo", "S"),
        ("KHM", "Phnom Penh", "P"),
        ("KIR", "South Tarawa", "S"),
        ("TCD", "N'Djamena", "N"),
        # accents dropped
        ("BRA", "Brasília", "B"),
        ("COL", "Bogotá", "B"),
        ("PRY", "Asunción", "A"),
        ("TON", "Nuku'alofa", "N"),
        ("MDV", "Malé", "M"),
        ("TGO", "Lomé", "L"),
        ("CMR", "Yaoundé", "Y"),
        ("ISL", "Reykjavík", "R"),
        ("MDA", "Chișinău", "C"),
        ("STP", "São Tomé", "S"),
    ],
)
def test_capitals_in_data(cid, capital, letter):
    card = CARDS[cid]
    assert capital in card.capitals
    assert initial(capital) == letter
    assert letter in card.letters


@pytest.mark.parametrize(
    "capital,letter",
    [
        ("Brasília", "B"),
        ("brasília", "B"),
        ("Mexico City", "M"),
        ("St. George's", "S"),
        ("Saint John's", "S"),
        ("  Kuala Lumpur", "K"),
        ("Chișinău", "C"),
        ("Ōsaka", "O"),
        ("Île-de-France", "I"),
        ("N'Djamena", "N"),
        ("'s-Hertogenbosch", "S"),
        ("The Hague", "T"),
        ("Ångström", "A"),
    ],
)
def test_initial(capital, letter):
    assert initial(capital) == letter


@pytest.mark.parametrize("bad", ["", "   ", "123", "北京"])
def test_initial_rejects_non_latin(bad):
    with pytest.raises(ValueError):
        initial(bad)


def test_no_x_anywhere():
    assert all("X" not in card.letters for card in CARDS.values())


def test_letters_are_single_uppercase_ascii():
    for card in CARDS.values():
        assert card.letters
        assert all(len(letter) == 1 and "A" <= letter <= "Z" for letter in card.letters)


def test_facts_short_and_present():
    for card in CARDS.values():
        assert card.fact.strip(), card.id
        assert len(card.fact) <= 120, card.id
        assert card.name.strip() and card.capitals


def test_cards_are_frozen():
    card = CARDS["FRA"]
    assert isinstance(card, Card)
    with pytest.raises(AttributeError):
        card.name = "Gaul"  # type: ignore[misc]


def test_loader_rejects_mismatched_letters(tmp_path):
    data = json.loads(DATA_FILE.read_text("utf-8"))
    for row in data["cards"]:
        if row["id"] == "FRA":
            row["letters"] = ["C"]
    bad = tmp_path / "countries.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ValueError, match="FRA"):
        _load(bad)


def test_loader_accepts_shipped_file():
    assert _load() == CARDS


def test_cards_are_the_shared_countries_with_their_letters():
    assert list(COUNTRIES) == list(CARDS)
    for cid, country in COUNTRIES.items():
        card = CARDS[cid]
        assert isinstance(card, Country)
        shared = (country.name, country.capitals, country.alpha2, country.flag, country.fact)
        assert (card.name, card.capitals, card.alpha2, card.flag, card.fact) == shared
