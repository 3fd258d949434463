"""The text a person sees in an HTML mail, without what the mail client quoted: the reply's
own lines, for mailroom.inbound.reply_text to cut further.

The tokenizer is our own, not html.parser: the standard library's costs worse than
quadratic time on a run of unclosed tags ("<a <a <a …", 80 KB took 98 s). Ours looks at
each character a bounded number of times: it finds a tag's end with str.find, minding
quotes, and a tag left open at the end drops the rest, as browsers do. It reads at most
MAX_TAGS tags; a reply's own lines come first.
"""

import html
import re
from collections.abc import Iterator
from dataclasses import dataclass

MAX_TAGS = 5_000
# Elements left out with everything inside them.
DROPPED_TAGS = {"blockquote", "head", "script", "style", "title", "template"}
# Elements whose content is text up to their end tag, whatever it holds.
RAW_TEXT_TAGS = {"script", "style", "title", "textarea", "template"}
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

_TAG_NAME = re.compile(r"[a-zA-Z][a-zA-Z0-9:_-]{0,63}")
_TAG_END_OR_QUOTE = re.compile(r"""[>"']""")
_ATTRIBUTE = re.compile(r"""(?<![^\s"'/])(id|class)=("[^"]*"|'[^']*'|[^\s"'>]+)""", re.IGNORECASE)
_SPACE_BEFORE_EQUALS = re.compile(r"[ \t\r\n\f]+=")
_SPACE_AFTER_EQUALS = re.compile(r"=[ \t\r\n\f]+")
_HTML_SPACE = re.compile(r"[ \t\r\n\f]+")


@dataclass(frozen=True)
class Tag:
    name: str
    closing: bool = False
    self_closing: bool = False
    attributes: dict[str, str] | None = None


def html_to_text(source: str) -> str:
    """The visible text of the HTML, entities unescaped, quotes dropped (see DROPPED_TAGS,
    DROPPED_CLASSES, END_IDS). A block starts on a new line and every <br> ends one, so
    "<div>a</div><div>b</div>" is two lines and "<div><br></div>" a blank one."""
    reader = _ReplyText()
    for token in tokens(source):
        if isinstance(token, Tag):
            if not reader.tag(token):
                break
        else:
            reader.data(token)
    lines = (" ".join(line.split()) for line in "".join(reader.pieces).split("\n"))
    return "\n".join(lines)


def tokens(source: str) -> Iterator[str | Tag]:
    """Text (entities unescaped) and tags, in order; comments, doctypes and processing
    instructions are skipped, and so is the content of DROPPED_TAGS' raw-text elements."""
    lowered = source.lower()
    position, tags = 0, 0
    while position < len(source) and tags < MAX_TAGS:
        start = source.find("<", position)
        if start < 0:
            start = len(source)
        if start > position:
            yield html.unescape(source[position:start])
        if start == len(source):
            return
        if source.startswith("<!--", start):
            end = source.find("-->", start + 4)
            position = len(source) if end < 0 else end + 3
            continue
        if source.startswith(("<!", "<?"), start):
            end = source.find(">", start)
            position = len(source) if end < 0 else end + 1
            continue
        closing = source.startswith("</", start)
        name = _TAG_NAME.match(source, start + 1 + closing)
        if name is None:  # "<" not starting a tag ("< 3", "<=") is text
            yield "<"
            position = start + 1
            continue
        end = _tag_end(source, name.end())
        if end < 0:  # a tag still open at the end: the rest is inside it
            return
        tags += 1
        inside = source[name.end() : end]
        tag = Tag(
            name.group().lower(),
            closing,
            inside.rstrip().endswith("/"),
            None if closing else _attributes(inside),
        )
        yield tag
        position = end + 1
        if tag.name in RAW_TEXT_TAGS and not closing:
            close = lowered.find(f"</{tag.name}", position)
            close = len(source) if close < 0 else close
            if tag.name not in DROPPED_TAGS:
                yield html.unescape(source[position:close])
            position = close


def _tag_end(source: str, position: int) -> int:
    """The index of the ">" that ends the tag whose attributes start at `position`, quotes
    minded; -1 if the source ends first."""
    while True:
        found = _TAG_END_OR_QUOTE.search(source, position)
        if found is None:
            return -1
        if found.group() == ">":
            return found.start()
        close = source.find(found.group(), found.end())
        if close < 0:
            return -1
        position = close + 1


def _attributes(inside: str) -> dict[str, str]:
    """The tag's id and class, lower-cased (the only attributes read)."""
    if "=" not in inside:
        return {}
    inside = _SPACE_AFTER_EQUALS.sub("=", _SPACE_BEFORE_EQUALS.sub("=", inside))
    return {name.lower(): html.unescape(value.strip("\"'")).lower() for name, value in _ATTRIBUTE.findall(inside)}


class _ReplyText:
    """The text, as tags and data come: what is dropped, where lines break."""

    def __init__(self):
        self.pieces: list[str] = []
        self.dropping: str | None = None  # the tag whose element is being left out
        self.depth = 0  # how many of that tag are open inside the dropped element
        self.in_pre = 0
        self.at_line_start = True

    def tag(self, tag: Tag) -> bool:
        """Take a tag; False where the reply ends (Outlook's quote starts)."""
        if self.dropping:
            if tag.name == self.dropping and not tag.self_closing:
                self.depth += -1 if tag.closing else 1
                if self.depth == 0:
                    self.dropping = None
            return True
        if tag.closing:
            self._break_line(tag.name)
            if tag.name == "pre" and self.in_pre:
                self.in_pre -= 1
            return True
        attributes = tag.attributes or {}
        if attributes.get("id", "") in END_IDS:
            return False
        self._break_line(tag.name)
        if tag.self_closing or tag.name in VOID_TAGS:
            return True
        if tag.name in DROPPED_TAGS or DROPPED_CLASSES & set(attributes.get("class", "").split()):
            self.dropping, self.depth = tag.name, 1
        elif tag.name == "pre":
            self.in_pre += 1
        return True

    def data(self, data: str) -> None:
        if self.dropping:
            return
        # Outside <pre>, HTML's line breaks in the source are spaces.
        text = data if self.in_pre else _HTML_SPACE.sub(" ", data)
        self.pieces.append(text)
        if text.strip(" "):
            self.at_line_start = text.endswith("\n")

    def _break_line(self, name: str) -> None:
        if name == "br" or (name in BLOCK_TAGS and not self.at_line_start):
            self.pieces.append("\n")
            self.at_line_start = True
