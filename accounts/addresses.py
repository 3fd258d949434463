"""One form for all the spellings of a mail address that reach the same mailbox, as an
attacker farming accounts would vary them."""

# Mail providers that ignore dots in the local part, and the domain both of them mean.
DOTLESS_DOMAINS = {"gmail.com": "gmail.com", "googlemail.com": "gmail.com"}


def normalised_address(email: str) -> str:
    """Any case, no "+tag", and no dots at the providers that ignore them."""
    local, _, domain = email.strip().casefold().rpartition("@")
    local = local.split("+", 1)[0]
    if domain in DOTLESS_DOMAINS:
        local, domain = local.replace(".", ""), DOTLESS_DOMAINS[domain]
    return f"{local}@{domain}"
