"""Measuring a page as a phone player sees it: boxes in CSS px, controls too small to tap,
horizontal scroll, and badges that cover each other."""

# WCAG 2.5.5's target size, which issue 20 asks of every control on a phone.
MIN_TARGET = 44

# What a finger taps. A hidden checkbox is tapped through its label, so the label is
# measured; links inside a sentence are exempt (WCAG 2.5.5's "inline" exception).
CONTROLS = """
button, select, summary, a.button, .site-nav a, .table__rules, label:has(> input[type=checkbox]),
.brand, .table-row__title, input:not([type=hidden]):not([type=checkbox]):not([type=radio])
"""

_SMALL_CONTROLS = """([selector, min]) => [...document.querySelectorAll(selector)]
  .map(el => ({el, r: el.getBoundingClientRect()}))
  .filter(({r}) => r.width > 0 && r.height > 0)
  .filter(({r}) => r.width < min - 0.5 || r.height < min - 0.5)
  .map(({el, r}) => `${el.tagName.toLowerCase()}.${el.className} "${el.innerText.trim().slice(0, 30)}"`
       + ` ${Math.round(r.width)}x${Math.round(r.height)}`)"""

_OVERLAPS = """([within, a, b]) => [...document.querySelectorAll(within)].flatMap(box => {
  const one = box.querySelector(a), two = box.querySelector(b);
  if (!one || !two) return [];
  const p = one.getBoundingClientRect(), q = two.getBoundingClientRect();
  const apart = p.right <= q.left || q.right <= p.left || p.bottom <= q.top || q.bottom <= p.top;
  return apart ? [] : [box.dataset.card || box.innerText.slice(0, 30)];
})"""

_BROKEN_WORDS = """(selector) => [...document.querySelectorAll(selector)].filter(el => {
  // A word broken across lines leaves a line box that starts or ends inside the word; a
  // break at a hyphen or a soft hyphen (a country's long word, countries.json) is allowed.
  // A character with no width (a soft hyphen where the word did not break) is passed over;
  // of a character's boxes the last counts (a broken soft hyphen's glyph may add one).
  const range = document.createRange();
  const text = el.firstChild;
  if (!text || text.nodeType !== Node.TEXT_NODE) return false;
  let top = null, between = "";  // the characters since the last one with a width
  for (let i = 0; i < text.length; i++) {
    range.setStart(text, i); range.setEnd(text, i + 1);
    const rect = [...range.getClientRects()].filter(r => r.width > 0).pop();
    if (!rect) { between += text.data[i]; continue; }
    const allowed = /[\\s\u00ad-]$|\\s/.test(between) || /\\s/.test(text.data[i]);
    if (top !== null && rect.top > top + 1 && !allowed) return true;
    top = rect.top;
    between = text.data[i];
  }
  return false;
}).map(el => el.textContent)"""


def box(locator) -> dict:
    """The element's box in the viewport: x, y, width, height, plus bottom and right."""
    b = locator.bounding_box()
    assert b is not None, f"{locator} is not shown"
    return {**b, "bottom": b["y"] + b["height"], "right": b["x"] + b["width"]}


def viewport(page) -> dict:
    return page.viewport_size


def inside_viewport(page, b: dict) -> bool:
    size = viewport(page)
    # Half a pixel either way: a scroll to an element's top can land a fraction past it.
    return (
        b["y"] >= -0.5 and b["x"] >= -0.5 and b["bottom"] <= size["height"] + 0.5 and b["right"] <= size["width"] + 0.5
    )


def horizontal_scroll(page) -> int:
    """How many CSS px the page scrolls sideways: 0 when it fits the screen's width."""
    return page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")


def small_controls(page) -> list[str]:
    """The shown controls smaller than MIN_TARGET in either direction, described."""
    return page.evaluate(_SMALL_CONTROLS, [CONTROLS, MIN_TARGET])


def overlaps(page, within: str, a: str, b: str) -> list[str]:
    """The `within` boxes (cards) in which an `a` and a `b` cover each other."""
    return page.evaluate(_OVERLAPS, [within, a, b])


def broken_words(page, selector: str) -> list[str]:
    """The texts of `selector` that wrap inside a word ("Luxembour / g")."""
    return page.evaluate(_BROKEN_WORDS, selector)


def scroll_to_top_of(page, locator):
    """Scrolls the page so that the element starts at the top of the viewport, as a player
    scrolls to their hand."""
    locator.evaluate("el => window.scrollTo(0, window.scrollY + el.getBoundingClientRect().top)")
