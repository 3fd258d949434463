"""Toy games for the contract suite's failing examples: a tiny correct game, and copies
of it each broken in one way, registered only inside the test that uses them."""
