"""The text a person sees in an HTML mail, without what the mail client quoted: the reply's
own lines, for games.inbound.reply_text to cut further."""

import re
from html.parser import HTMLParser

# Elements left out with everything inside them.
DROPPED_TAGS = {"blockquote", "head", "script", "style", "title", "template"}
# Classes of the quote's wrapper (Gmail's quote and attribution, Thunderbird's attribution,
# Yahoo's and Proton's quotes) and of the signatures clients add in HTML only.
DROPPED_CLASSES = {
    "gmail_quote", "gmail_quote_container", "gmail_attr", "moz-cite-prefix", "yahoo_quoted", "protonmail_quote",
    "gmail_signature", "moz-signature", "protonmail_signature_block",
}  # fmt: skip
# Outlook's ids where the quoted mail starts: nothing after them is the reply.
END_IDS = {"divrplyfwdmsg", "appendonsend"}
BLOCK_TAGS = {
    "address", "article", "dd", "div", "dl", "dt", "footer", "h1", "h2", "h3", "h4", "h5", "h6",
    "header", "hr", "li", "ol", "p", "pre", "section", "table", "td", "th", "tr", "ul",
}  # fmt: skip
VOID_TAGS = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


def html_to_text(html: str) -> str:
    """The visible text of the HTML, entities unescaped, quotes dropped (see DROPPED_TAGS,
    DROPPED_CLASSES, END_IDS). A block starts on a new line and every <br> ends one, so
    "<div>a</div><div>b</div>" is two lines and "<div><br></div>" a blank one."""
    parser = _ReplyText()
    parser.feed(html)
    parser.close()
    lines = (" ".join(line.split()) for line in "".join(parser.pieces).split("\n"))
    return "\n".join(lines)


class _ReplyText(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.pieces: list[str] = []
        self.dropping: str | None = None  # the tag whose element is being left out
        self.depth = 0  # how many of that tag are open inside the dropped element
        self.ended = False
        self.in_pre = 0
        self.at_line_start = True

    def handle_starttag(self, tag, attrs):
        if self.ended:
            return
        if self.dropping:
            self.depth += tag == self.dropping
            return
        attributes = {name: value or "" for name, value in attrs}
        if attributes.get("id", "").lower() in END_IDS:
            self.ended = True
            return
        self._break_line(tag)
        if tag in VOID_TAGS:
            return
        if tag in DROPPED_TAGS or DROPPED_CLASSES & set(attributes.get("class", "").split()):
            self.dropping, self.depth = tag, 1
        elif tag == "pre":
            self.in_pre += 1

    def handle_startendtag(self, tag, attrs):
        if not self.ended and not self.dropping:
            self._break_line(tag)

    def handle_endtag(self, tag):
        if self.ended:
            return
        if self.dropping:
            self.depth -= tag == self.dropping
            if self.depth == 0:
                self.dropping = None
            return
        self._break_line(tag)
        if tag == "pre" and self.in_pre:
            self.in_pre -= 1

    def handle_data(self, data):
        if self.ended or self.dropping:
            return
        # Outside <pre>, HTML's line breaks in the source are spaces.
        text = data if self.in_pre else re.sub(r"[ \t\r\n\f]+", " ", data)
        self.pieces.append(text)
        if text.strip(" "):
            self.at_line_start = text.endswith("\n")

    def _break_line(self, tag: str) -> None:
        if tag == "br" or (tag in BLOCK_TAGS and not self.at_line_start):
            self.pieces.append("\n")
            self.at_line_start = True
