"""No import circle anywhere: in the import graph of the site's packages (grimp, which
import-linter reads it with), no module imports itself through others, so each module
stands above what it imports. A circle is named with the imports that close it. Imports
inside functions count too: one placed there to dodge a circle is still a circle."""

import grimp

from tests.core.test_import_contracts import PACKAGES


def circles(graph) -> list[list[str]]:
    """Each strongly connected set of more than one module (Tarjan's algorithm, iterative)."""
    index, low, on_stack, stack, found = {}, {}, set(), [], []
    for root in sorted(graph.modules):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.find_modules_directly_imported_by(root))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            module, imported = work[-1]
            following = next(imported, None)
            if following is not None:
                if following not in index:
                    index[following] = low[following] = len(index)
                    stack.append(following)
                    on_stack.add(following)
                    work.append((following, iter(sorted(graph.find_modules_directly_imported_by(following)))))
                elif following in on_stack:
                    low[module] = min(low[module], index[following])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[module])
            if low[module] == index[module]:
                members = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    members.append(member)
                    if member == module:
                        break
                if len(members) > 1:
                    found.append(sorted(members))
    return found


def test_the_finder_finds_a_circle():
    graph = grimp.ImportGraph()
    for importer, imported in [("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")]:
        graph.add_import(importer=importer, imported=imported)
    assert circles(graph) == [["a", "b", "c"]]


def test_no_module_imports_itself_through_others():
    graph = grimp.build_graph(*PACKAGES)
    found = circles(graph)
    described = [
        " -> ".join(members)
        + ": "
        + "; ".join(
            f"{a} imports {b}" for a in members for b in members if graph.direct_import_exists(importer=a, imported=b)
        )
        for members in found
    ]
    assert not found, "\n".join(described)
