"""Cap-It: one game app (tables/plugins.py says what a game app holds)."""
