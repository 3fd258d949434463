"""Which client sent a request: the one answer the sign-up throttle and the login throttle
(django-axes) both use."""

from ipaddress import ip_address

from django.conf import settings


def client_ip(request) -> str:
    """REMOTE_ADDR; or, behind TRUSTED_PROXIES reverse proxies, the address the outermost
    of them saw: the Nth from the right in X-Forwarded-For (each proxy appends the address
    it was called from, so whatever stands further left is the client's own claim)."""
    remote = request.META.get("REMOTE_ADDR", "")
    proxies = settings.TRUSTED_PROXIES
    if proxies > 0:
        forwarded = [part.strip() for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
        if len(forwarded) >= proxies and _is_ip(forwarded[-proxies]):
            return forwarded[-proxies]
    return remote


def _is_ip(text: str) -> bool:
    try:
        ip_address(text)
    except ValueError:
        return False
    return True
