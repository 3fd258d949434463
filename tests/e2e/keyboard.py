"""Moving through a page by keyboard, as a player without a mouse does."""


def follow_skip_link(page, name: str = "Skip to your moves", tabs: int = 15) -> None:
    """From the turn banner, Tab to the skip link (out of sight until it has the focus,
    then seen), follow it with Enter and Tab once: the focus is then on the first control
    past what the link skips."""
    from playwright.sync_api import expect

    skip = page.get_by_role("link", name=name)
    assert skip.bounding_box()["width"] <= 1  # out of sight until focused
    page.locator(".turn-banner").click()  # the keyboard goes on from the banner
    for _ in range(tabs):
        page.keyboard.press("Tab")
        if skip.evaluate("link => link === document.activeElement"):
            break
    expect(skip).to_be_focused()
    assert skip.bounding_box()["width"] > 50  # seen
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
