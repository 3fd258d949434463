"""Casino's own benchmarks and bot win rates: plain scripts, run as
`python games/casino/bench/<script>.py` (README.md here has their numbers); a package so that
the import contracts check them with the rest of the game."""
