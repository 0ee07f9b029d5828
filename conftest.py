"""Test collection and the CI rule for tests that need a system package.

Where the core runs compiled (mypyc), pytest cannot collect the doctests of the compiled modules from
their ``.py`` files (the imported module is the extension: its functions are built-in, which doctest
does not search, though they carry their docstrings); ``tests/test_compiled.py`` runs those doctests
against the pure-Python source instead. The Alembic migrations run only inside Alembic (their
``env.py`` reads Alembic's context at import), so they are not collected either.

A test that needs a system package (Debian's chromium, a PostgreSQL server) skips with a reason that
starts with ``"needs "`` (the fixtures in ``tests/conftest.py``). Outside CI that is a printed skip;
with the environment variable ``CI=true`` (``.ci/run`` sets it, and installs and starts both) every
such skip is a failure: CI never passes without having run them.
"""

from __future__ import annotations

import os
from collections.abc import Generator
from typing import Any

import pytest

import doppelkopf

collect_ignore = [f"src/doppelkopf/{name}.py" for name in doppelkopf.COMPILED]
collect_ignore_glob = ["src/doppelkopf/storage/migrations/*"]

#: The prefix of the skip reason of a test that needs a system package (tests/conftest.py).
NEEDS = "needs "


def _in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() == "true"


def _skip_reason(report: pytest.TestReport | pytest.CollectReport) -> str:
    """The reason given to ``pytest.skip`` (without pytest's ``Skipped: `` prefix), or ``""``."""
    longrepr: Any = report.longrepr
    text = longrepr[2] if isinstance(longrepr, tuple) and len(longrepr) == 3 else str(longrepr or "")
    return text.removeprefix("Skipped: ")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, Any, Any]:
    """With ``CI=true``, a test skipped because it needs a system package fails, its reason said."""
    report = yield
    if _in_ci() and report.skipped and not hasattr(report, "wasxfail"):
        reason = _skip_reason(report)
        if reason.startswith(NEEDS):
            report.outcome = "failed"
            report.longrepr = f"CI=true: this test may not skip, it {reason}"
    return report


def pytest_collectreport(report: pytest.CollectReport) -> None:
    """A whole module skipped at collection for a system package counts too (see pytest_sessionfinish)."""
    if _in_ci() and report.skipped:
        reason = _skip_reason(report)
        if reason.startswith(NEEDS):
            _SKIPPED_MODULES.append(f"{report.nodeid}: {reason}")


_SKIPPED_MODULES: list[str] = []


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """With ``CI=true``, modules skipped for a missing system package make the run fail, each one named."""
    if _SKIPPED_MODULES:
        for line in _SKIPPED_MODULES:
            print(f"\nCI=true: skipped for a missing system package, which CI must have: {line}")
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    """The skips in a few lines: one per reason with the number of tests it held back (``-rs`` would print one
    line per test), e.g. ``42 skipped: needs a PostgreSQL server: set DOKO_TEST_DATABASE_URL (.ci/run starts one)``."""
    reasons: dict[str, int] = {}
    for report in terminalreporter.stats.get("skipped", []):
        reason = _skip_reason(report) or "skipped"
        reasons[reason] = reasons.get(reason, 0) + 1
    if reasons:
        terminalreporter.section("skipped, by reason", sep="-")
        for reason, count in sorted(reasons.items(), key=lambda item: -item[1]):
            terminalreporter.write_line(f"{count} skipped: {reason}")
