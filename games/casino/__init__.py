"""Casino with a trivia question on every card: one game app (games/plugins.py says what a game app holds)."""
