"""Compiled fast paths for mass simulation and search (issue 4).

* :mod:`doppelkopf.fast.tables`: compact numpy tables read from the core (card order, Augen, deck,
  Dulle option, Sonderpunkte that count, Punkte per result) for one rule set.
* :mod:`doppelkopf.fast.kernel`: numba-compiled random games and rollouts on per-seat bit masks,
  behind the same rules as the core (proved by ``tests/test_kernel.py``).
* :mod:`doppelkopf.fast.solver`: the exact solver of the remaining tricks with all hands known
  (alpha-beta, transposition table, null-window threshold tests; ``tests/test_solver.py``).

Nothing here is imported by ``import doppelkopf``; numpy and numba load only when these modules do.
"""
