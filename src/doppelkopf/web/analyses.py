"""The solver's reviews of the online tables' finished deals, off the request path: :class:`Analyses` (one
per app, in ``app.state.analyses``) computes one review at a time in a background thread and keeps the
newest; :func:`get_analyses` and :func:`close_analyses` make and stop the app's one.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..game import Game


class Analyses:
    """The solver's reviews of finished deals (:func:`doppelkopf.analysis.analyse`), computed one at a time in a
    background thread (off the request path: a review takes about 20 s of one core with the defaults) and kept
    per ``(table id, deal number)`` (the newest :attr:`KEEP`). At most :attr:`QUEUE` reviews wait or run; a
    queued review nobody asked for in the last :attr:`STALE_S` seconds is skipped (it starts again when asked).
    ``options`` go to ``analyse`` (``budget_s``, ``exact_tricks``, ...). The app keeps one in
    ``app.state.analyses`` (made at the first request, with ``app.state.analysis_options``); :meth:`close`
    (the app's shutdown) stops the running review at once."""

    KEEP = 64
    QUEUE = 8
    STALE_S = 300.0

    def __init__(self, options: dict[str, Any] | None = None) -> None:
        self.options = dict(options or {})
        self._lock = threading.Lock()
        self._done: OrderedDict[tuple[int, int], Any] = OrderedDict()
        self._running: set[tuple[int, int]] = set()
        self._asked: dict[tuple[int, int], float] = {}
        self._stop = threading.Event()
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="doko-analysis")

    def get(self, key: tuple[int, int], game: Callable[[], Game]) -> Any:
        """The review of deal ``key`` (a :class:`~doppelkopf.analysis.GameAnalysis`, or an error's one line),
        or ``None`` while it is computed; the first call starts it with the game ``game()`` builds. When
        :attr:`QUEUE` reviews wait already, a line saying so (not kept: the next call tries again)."""
        with self._lock:
            if key in self._done:
                return self._done[key]
            self._asked[key] = time.monotonic()
            if key not in self._running:
                if len(self._running) >= self.QUEUE:
                    return f"the server is busy with {self.QUEUE} other reviews: this one starts when asked again"
                self._running.add(key)
                self._pool.submit(self._run, key, game)
        return None

    def _run(self, key: tuple[int, int], game: Callable[[], Game]) -> None:
        from ..analysis import AnalysisStopped, analyse

        with self._lock:
            stale = time.monotonic() - self._asked.get(key, 0.0) > self.STALE_S
            if stale or self._stop.is_set():  # nobody waits for it any more
                self._running.discard(key)
                self._asked.pop(key, None)
                return
        try:
            result: Any = analyse(game(), stop=self._stop, **self.options)
        except AnalysisStopped:
            result = None
        except Exception as exc:  # the page says so; the table plays on
            result = f"analysis failed: {' '.join(str(exc).split())[:200]}"
        with self._lock:
            self._running.discard(key)
            self._asked.pop(key, None)
            if result is None:
                return
            self._done[key] = result
            while len(self._done) > self.KEEP:
                self._done.popitem(last=False)

    def close(self) -> None:
        """Stop the running review (its solver process ends at once) and drop the queued ones."""
        self._stop.set()
        self._pool.shutdown(wait=True, cancel_futures=True)


_ANALYSES_LOCK = threading.Lock()


def get_analyses(app: Any) -> Analyses:
    """The app's :class:`Analyses` (made at the first call)."""
    with _ANALYSES_LOCK:
        analyses: Analyses | None = getattr(app.state, "analyses", None)
        if analyses is None:
            analyses = app.state.analyses = Analyses(getattr(app.state, "analysis_options", None))
        return analyses


def close_analyses(app: Any) -> None:
    """Stop the app's reviews, if any were made (the app's shutdown calls it)."""
    with _ANALYSES_LOCK:
        analyses: Analyses | None = getattr(app.state, "analyses", None)
        app.state.analyses = None
    if analyses is not None:
        analyses.close()
