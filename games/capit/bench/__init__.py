"""Cap-It's own benchmarks and bot win rates: plain scripts, run as
`python games/capit/bench/<script>.py` (README.md here has their numbers); a package so that
the import contracts check them with the rest of the game."""
