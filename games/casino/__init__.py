"""Casino: one game app (games/plugins.py says what a game app holds)."""
