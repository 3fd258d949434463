"""The import contracts over the game packages (pyproject.toml, [tool.importlinter]), with
the game packages found rather than listed: a game is in them from its first commit, and
adding one touches nothing but its package and its settings line.

A game package is the parent of every module the contract's `games` expression matches
("games.*.engine": every package of `games` that has an engine). import-linter's own
wildcards cannot say that (`games.*` is also `games.apps` and the migrations), so these two contract
types fill in the built-in ones' module lists from the import graph, then check as they do.
lint-imports loads them from here (`contract_types`); it runs from the repository's root,
which it puts on the path.
"""

from importlinter.contracts.independence import IndependenceContract
from importlinter.contracts.protected import ProtectedContract
from importlinter.domain import fields
from importlinter.domain.imports import ModuleExpression


def game_packages(graph, games: str) -> set[str]:
    """The packages holding a module that `games` matches ("games.*.engine")."""
    found = {module.rpartition(".")[0] for module in graph.find_matching_modules(games)}
    if not found:
        raise ValueError(f"No game package: {games!r} matches no module.")
    return found


class ProtectedGames(ProtectedContract):
    """`protected`, its protected modules and allowed importers the game packages: no
    module outside a game package imports one."""

    games = fields.StringField()
    protected_modules = fields.ListField(subfield=fields.ModuleExpressionField(), required=False)
    allowed_importers = fields.ListField(subfield=fields.ModuleExpressionField(), required=False)

    def check(self, graph, verbose):
        packages = [ModuleExpression(name) for name in sorted(game_packages(graph, self.games))]
        self.protected_modules, self.allowed_importers = packages, packages
        return super().check(graph, verbose)


class IndependentGames(IndependenceContract):
    """`independence` of the game packages: none imports another, even indirectly."""

    games = fields.StringField()
    modules = fields.SetField(subfield=fields.ModuleExpressionField(), required=False)

    def check(self, graph, verbose):
        self.modules = {ModuleExpression(name) for name in game_packages(graph, self.games)}
        return super().check(graph, verbose)
