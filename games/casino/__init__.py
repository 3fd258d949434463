"""Casino with a trivia question on every card: one game app (tables/plugins.py says what a game app holds)."""
