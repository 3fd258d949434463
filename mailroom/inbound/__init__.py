"""Mail the site receives: replies to turn mails that make moves."""
