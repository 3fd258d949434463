"""What an htmx answer to the game page looks like."""

import re

TABLE_PARTIAL = re.compile(r"\s*<title>[^<]*</title>\s*<section id=\"table\"")


def is_table_partial(html: str) -> bool:
    """The table's partial: the browser tab's title (htmx takes it from the top), then the
    table section; never a whole page."""
    return bool(TABLE_PARTIAL.match(html)) and "<html" not in html
