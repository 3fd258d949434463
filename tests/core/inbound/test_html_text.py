"""mailroom.inbound.html_text.html_to_text: the text a person sees, quotes dropped."""

import pytest

from mailroom.inbound.html_text import MAX_TAGS, html_to_text


def test_blocks_and_breaks_make_lines():
    html = "<div>take discard</div><div><br></div><p>discard Peru<br>lay down</p><ul><li>one</li><li>two</li></ul>"
    assert html_to_text(html).strip() == "take discard\n\ndiscard Peru\nlay down\none\ntwo"


def test_source_line_breaks_are_spaces():
    assert html_to_text("<p>take\n   discard</p>").strip() == "take discard"


def test_entities_are_unescaped():
    assert html_to_text("<p>discard C&ocirc;te d&#8217;Ivoire &amp; Peru&nbsp;</p>").strip() == (
        "discard Côte d’Ivoire & Peru"
    )


def test_style_script_and_head_are_dropped():
    html = "<html><head><title>t</title><style>p{color:red}</style></head><body><script>x()</script>hi</body></html>"
    assert html_to_text(html).strip() == "hi"


def test_blockquote_is_dropped_with_nested_ones_and_text_after_it_kept():
    html = "<blockquote>quote<blockquote>older</blockquote>still quote</blockquote><div>my answer</div>"
    assert html_to_text(html).strip() == "my answer"


def test_gmail_quote_div_is_dropped_with_its_nested_divs():
    html = '<div>yes</div><div class="gmail_quote"><div>On … wrote:</div><div><div>x</div></div></div><div>PS</div>'
    assert html_to_text(html).strip() == "yes\nPS"


@pytest.mark.parametrize("quote_class", ["yahoo_quoted", "protonmail_quote", "moz-cite-prefix"])
def test_other_clients_quote_wrapper_is_dropped(quote_class):
    html = f'<div>take discard</div><div class="{quote_class}">On Tuesday, Capitalla wrote:<br>the quote</div>'
    assert html_to_text(html).strip() == "take discard"


def test_html_signature_block_is_dropped():
    html = '<div>draw stock</div><div class="gmail_signature" data-smartmail="gmail_signature">Bob<br>bob.example</div>'
    assert html_to_text(html).strip() == "draw stock"


def test_nothing_after_outlooks_append_on_send_is_kept():
    html = '<div>draw stock</div><div id="appendonsend"></div><hr><div>From: Capitalla</div><div>the quote</div>'
    assert html_to_text(html).strip() == "draw stock"


def test_pre_keeps_its_line_breaks():
    assert html_to_text("<pre>take discard\ndiscard Peru</pre>").strip() == "take discard\ndiscard Peru"


def test_unclosed_and_stray_tags_do_not_raise():
    assert html_to_text("<div><p>take discard</span></b><blockquote>never closed").strip() == "take discard"


def test_a_tag_left_open_at_the_end_drops_the_rest_as_browsers_do():
    assert html_to_text("<p>draw</p><a " * 1 + "<a <a <a never closed").strip() == "draw"


def test_a_quoted_greater_than_does_not_end_a_tag():
    assert html_to_text('<div title="a > b" class="x">draw</div>').strip() == "draw"


def test_a_quote_class_in_single_quotes_or_spaced_is_dropped():
    assert html_to_text("<div class = 'gmail_quote'>quoted</div><p>draw</p>").strip() == "draw"


def test_comments_and_doctype_are_not_text():
    assert html_to_text("<!DOCTYPE html><!--[if mso]><p>hidden</p><![endif]--><p>draw</p>").strip() == "draw"


def test_a_lone_less_than_is_text():
    assert html_to_text("<p>3 < 4 &lt; 5</p>").strip() == "3 < 4 < 5"


def test_only_the_first_tags_are_read():
    html = "<p>draw</p>" + "<b></b>" * MAX_TAGS + "<p>late</p>"
    assert html_to_text(html).strip() == "draw"
