"""What accounts ask of the layers above them, which they do not import: the mail those
layers send (games/notifications/sending.py receives these)."""

from django.dispatch import Signal

# Sent with `user`: mail the account a link to confirm its address (a mail row, tried at once).
address_to_confirm = Signal()
# Sent with `user`: mail the account a link to choose a new password (queued, never sent in the request).
password_reset_asked = Signal()
