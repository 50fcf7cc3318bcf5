"""Row locks (``select_for_update``) in the tests: found in the source, watched when they run.

PostgreSQL refuses a row lock outside a transaction (``TransactionManagementError``); SQLite
takes no row lock and refuses nothing, and a test in a per-test transaction is always inside
one. So a service that locks outside ``transaction.atomic`` passed every test and answered 500
on PostgreSQL (issue 31). ``install`` makes every backend refuse it as PostgreSQL does, and
lets a test see which functions were on the stack when a row was locked; ``where_rows_lock``
lists, from the project's source, every function in which a transaction around a row lock
begins (``tests/test_row_locks.py`` runs each one outside a per-test transaction).
"""

import ast
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from types import CodeType

from django.db.models.sql.compiler import SQLCompiler
from django.db.transaction import TransactionManagementError

_watchers: list[list[frozenset[CodeType]]] = []


def install() -> None:
    """Every backend refuses a row lock outside a transaction, as PostgreSQL does; each lock
    taken is reported to the running ``locks_taken`` blocks."""
    as_sql = SQLCompiler.as_sql
    if getattr(as_sql, "refuses_locks_outside_transactions", False):
        return

    def checked(self, *args, **kwargs):
        if self.query.select_for_update:
            if self.connection.get_autocommit():
                raise TransactionManagementError(
                    "select_for_update cannot be used outside of a transaction."
                )
            if _watchers:
                stack = frozenset(_codes_on_stack(sys._getframe(1)))
                for seen in _watchers:
                    seen.append(stack)
        return as_sql(self, *args, **kwargs)

    checked.refuses_locks_outside_transactions = True
    SQLCompiler.as_sql = checked


def _codes_on_stack(frame) -> Iterator[CodeType]:
    while frame is not None:
        yield frame.f_code
        frame = frame.f_back


@contextmanager
def locks_taken() -> Iterator[list[frozenset[CodeType]]]:
    """The row locks taken within the block: for each, the code objects on the stack."""
    seen: list[frozenset[CodeType]] = []
    _watchers.append(seen)
    try:
        yield seen
    finally:
        _watchers.remove(seen)


# --- where the project locks rows, from its source ------------------------------------------


@dataclass
class _Function:
    module: str
    qualname: str
    atomic: bool  # decorated with transaction.atomic
    locks: list[bool] = field(default_factory=list)  # each select_for_update: inside atomic?
    calls: list[tuple[tuple, bool]] = field(default_factory=list)  # (callee, inside atomic?)

    @property
    def name(self) -> str:
        return f"{self.module}.{self.qualname}"


def _is_atomic(node: ast.expr) -> bool:
    """``transaction.atomic``, ``atomic``, or either called (``atomic(using=...)``)."""
    if isinstance(node, ast.Call):
        node = node.func
    return (isinstance(node, ast.Attribute) and node.attr == "atomic") or (
        isinstance(node, ast.Name) and node.id == "atomic"
    )


class _Reader(ast.NodeVisitor):
    """One module's functions (and methods): their row locks and calls, each marked as inside
    a ``with transaction.atomic()`` or not; nested functions count as their enclosing one's."""

    def __init__(self, module: str):
        self.module = module
        self.functions: dict[str, _Function] = {}
        self.classes: list[str] = []
        self.current: _Function | None = None
        self.in_atomic = False

    def visit_ClassDef(self, node):
        if self.current is not None:
            return self.generic_visit(node)
        self.classes.append(node.name)
        self.generic_visit(node)
        self.classes.pop()
        return None

    def visit_FunctionDef(self, node):
        if self.current is not None:
            return self.generic_visit(node)
        qualname = ".".join([*self.classes, node.name])
        self.current = _Function(
            self.module, qualname, atomic=any(_is_atomic(d) for d in node.decorator_list)
        )
        self.functions[qualname] = self.current
        self.in_atomic = False
        self.generic_visit(node)
        self.current = None
        return None

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_With(self, node):
        outer = self.in_atomic
        for item in node.items:
            self.visit(item)
        self.in_atomic = outer or any(_is_atomic(item.context_expr) for item in node.items)
        for statement in node.body:
            self.visit(statement)
        self.in_atomic = outer

    def visit_Call(self, node):
        if self.current is not None:
            callee = node.func
            if isinstance(callee, ast.Attribute) and callee.attr == "select_for_update":
                self.current.locks.append(self.in_atomic)
            elif isinstance(callee, ast.Name):
                self.current.calls.append((("name", callee.id), self.in_atomic))
            elif isinstance(callee, ast.Attribute) and isinstance(callee.value, ast.Name):
                self.current.calls.append(
                    (("attribute", callee.value.id, callee.attr), self.in_atomic)
                )
        self.generic_visit(node)


def _imports(tree: ast.Module, module: str, modules: set[str]) -> dict[str, tuple]:
    """Each imported name: ("module", name) or ("function", module, name)."""
    package = module if module in _packages(modules) else module.rpartition(".")[0]
    names: dict[str, tuple] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    names[alias.asname] = ("module", alias.name)
                else:
                    first = alias.name.partition(".")[0]
                    names[first] = ("module", first)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{parent}.{base}" if base else parent
            for alias in node.names:
                full = f"{base}.{alias.name}"
                names[alias.asname or alias.name] = (
                    ("module", full) if full in modules else ("function", base, alias.name)
                )
    return names


def _packages(modules: set[str]) -> set[str]:
    return {name.rpartition(".")[0] for name in modules if "." in name}


def module_name(path: str) -> str:
    parts = path.removesuffix(".py").split("/")
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def where_rows_lock(sources: Mapping[str, str]) -> dict[str, str]:
    """Every function (``module.qualname``) in which a transaction around a row lock begins:
    it locks, or calls a function that locks outside any transaction of its own, inside
    ``transaction.atomic`` (its decorator or a ``with``). Also every function that locks
    outside any transaction and that no function of the project calls (a view or a command
    calls it: nothing there opens a transaction either). Each with why it is listed.

    ``sources``: each module's text by its path (``tests.source_code.sources``)."""
    modules = {module_name(path): text for path, text in sources.items()}
    functions: dict[str, _Function] = {}
    imports: dict[str, dict[str, tuple]] = {}
    for module, text in modules.items():
        tree = ast.parse(text)
        reader = _Reader(module)
        reader.visit(tree)
        for function in reader.functions.values():
            functions[function.name] = function
        imports[module] = _imports(tree, module, set(modules))

    def resolve(function: _Function, callee: tuple) -> str | None:
        own = imports[function.module]
        if callee[0] == "name":
            name = callee[1]
            if f"{function.module}.{name}" in functions:
                return f"{function.module}.{name}"
            found = own.get(name)
            if found and found[0] == "function":
                return f"{found[1]}.{found[2]}"
            return None
        _kind, base, attribute = callee
        if base in ("self", "cls") and "." in function.qualname:
            owner = function.qualname.rpartition(".")[0]
            return f"{function.module}.{owner}.{attribute}"
        found = own.get(base)
        if found and found[0] == "module":
            return f"{found[1]}.{attribute}"
        return None

    calls = {
        name: [(resolve(function, callee), inside) for callee, inside in function.calls]
        for name, function in functions.items()
    }
    # the functions that lock rows outside any transaction of their own, grown through their
    # callers that do not open one either
    unguarded = {
        name
        for name, function in functions.items()
        if not function.atomic and any(not inside for inside in function.locks)
    }
    while True:
        more = {
            name
            for name, function in functions.items()
            if name not in unguarded
            and not function.atomic
            and any(callee in unguarded and not inside for callee, inside in calls[name])
        }
        if not more:
            break
        unguarded |= more
    listed = {}
    for name, function in functions.items():
        if function.atomic and (
            function.locks or any(callee in unguarded for callee, _inside in calls[name])
        ):
            listed[name] = "locks rows in its transaction (transaction.atomic)"
        elif any(function.locks) or any(
            callee in unguarded and inside for callee, inside in calls[name]
        ):
            listed[name] = "locks rows in a with transaction.atomic() block"
    called = {callee for targets in calls.values() for callee, _inside in targets}
    for name in sorted(unguarded - called):
        listed[name] = "locks rows outside any transaction, and no function calls it"
    return listed
