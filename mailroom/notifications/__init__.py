"""Mails to players: "your turn", the reminder, "game over", the daily digest, answers to
mailed moves, rematches and full tables, and an account's own (the password-reset and the
address-confirmation links). `sending` decides which mail goes; `turn_mails`,
`table_mails` and `account_mails` write them; `building` makes the MIME message;
`delivery` sends each at most once and tries again; `links` makes the links they carry.
"""
