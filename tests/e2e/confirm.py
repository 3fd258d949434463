"""A button that asks before it acts (static/js/confirm.js): the first press arms it and
shows the question at the top of the page, the second press acts."""

PROMPT = "#confirm-prompt"


def press_twice(page, button, question: str | None = None):
    """Presses `button`, checks the question it asks (if given), and presses it again."""
    from playwright.sync_api import expect

    button.click()
    prompt = page.locator(PROMPT)
    expect(prompt).to_be_visible()
    if question is not None:
        expect(prompt).to_have_text(f"{question} Press it again to confirm.")
    button.click()


def record_questions(page):
    """From now on, every question the page asks is kept, for `questions_asked`. The prompt
    lies outside the table, so the table's swaps keep the recorder."""
    page.evaluate(
        """selector => {
          const prompt = document.querySelector(selector);
          window.questionsAsked = [];
          new MutationObserver(() => {
            if (prompt.textContent) window.questionsAsked.push(prompt.textContent);
          }).observe(prompt, {attributes: true, childList: true, characterData: true, subtree: true});
        }""",
        PROMPT,
    )


def questions_asked(page) -> list[str]:
    return page.evaluate("window.questionsAsked")
