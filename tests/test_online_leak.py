"""No WebSocket message ever shows a seat a card of another hand before it is played.

Four client-side players claim the four seats of a table through the API, connect with ``?token=`` and play
random legal actions read from their own views (JSON format) until several deals are over; a spectator watches
the same table. This runs for every preset of :mod:`doppelkopf.rules` at once, on an in-process uvicorn (real
sockets, real WebSockets). Every message each connection received is kept and checked afterwards against the
deal as the server stored it: the deal's seed and dealer from :meth:`TableStore.state
<doppelkopf.storage.tables.TableStore.state>` give the hands (:meth:`Game.new <doppelkopf.game.Game.new>`), the
stored actions replayed give every position of the deal, and a message passes only when some position of its
deal explains it:

* its ``hand`` is the seat's own hand there (a spectator's is empty), its ``trick`` the trick in progress, its
  ``last_trick`` the last finished trick;
* counting every card number anywhere in the message (``hand``, ``trick``, ``last_trick``, ``armut``,
  ``shown_hands`` and any other ``card``/card-list field), no card appears more often than the seat knows it
  there: in its own hand, among the cards played so far, or in its own Armut exchange (the engine's
  ``information_state`` says which cards of the exchange the seat saw);
* no text of the message (log lines, button labels) names a card more often than that either, and a card's
  label names that card.

A spectator (with the invite of the unlisted table) gets no hand at all, even while a seat consents; a
spectator holding a consenting seat's Kiebitz link (its watch token) may see that one hand besides the played
cards, and no other.
A planted leak makes the checker fail (the checker is tested too, without a server).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import socket
import threading
import time
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from conftest import run_async

WEB_EXTRA = "needs the web extra: pip install -e '.[web]'"
pytest.importorskip("fastapi", reason=WEB_EXTRA)
uvicorn = pytest.importorskip("uvicorn", reason=WEB_EXTRA)
websockets = pytest.importorskip("websockets", reason=WEB_EXTRA)
httpx = pytest.importorskip("httpx", reason=WEB_EXTRA)

import online_server  # noqa: E402
from doppelkopf.cards import Card  # noqa: E402
from doppelkopf.game import Game  # noqa: E402
from doppelkopf.moves import Action, Phase  # noqa: E402
from doppelkopf.online import deal_seed  # noqa: E402
from doppelkopf.rules import PRESETS, GameType, RuleSet  # noqa: E402

#: Tables per preset and deals per table (``DOKO_LEAK_TABLES`` / ``DOKO_LEAK_DEALS`` raise them for a long run).
TABLES_PER_PRESET = int(os.environ.get("DOKO_LEAK_TABLES", "3"))
DEALS_PER_TABLE = int(os.environ.get("DOKO_LEAK_DEALS", "4"))
#: Seconds a client waits for the next message before the test gives up (a stuck table).
RECV_TIMEOUT = 30.0
#: Seconds the whole run may take.
RUN_TIMEOUT = 600.0
NAMES = ("Anna", "Ben", "Carla", "Dirk")
SPECTATOR_SHOWN_SEAT = 2  # on each preset's first table this seat lets its Kiebitz link show its hand
#: A card written as in the views' labels and log lines (``♣D``, ``♥10``).
CARD_SYMBOL = re.compile(r"[♣♠♥♦](?:10|A|K|D|B|9)")
SYMBOL_CARD = {Card(c).symbol: c for c in range(24)}
ARMUT_VORBEHALT = Action.vorbehalt(GameType.ARMUT)


# -- the deal as the server stored it: every position, and what each seat may know there ------------------


@dataclass
class Position:
    """The game after some of a deal's stored actions, as the engine has it."""

    phase: str
    trick: list[tuple[int, int]]
    last_trick: tuple[Counter[tuple[int, int]], int] | None
    hands: list[Counter[int]]  # the real hand of each seat
    known: list[Counter[int]]  # per seat: own hand + cards played + the seat's part of an Armut exchange
    played: Counter[int]


def positions(rules: RuleSet, setup: Any, actions: Sequence[tuple[int, int]]) -> list[Position]:
    """Every position of the deal ``setup`` (a :class:`~doppelkopf.online.DealSetup`) with its stored
    ``actions`` (seat, action) replayed by the engine, the start included."""
    game = Game.new(
        rules,
        seed=setup.seed,
        dealer=setup.dealer,
        pflichtsolo_done=tuple(setup.pflichtsolo_done),
        forced_solo_seat=setup.forced_solo_seat,
    )
    out = [_position(game)]
    for seat, action in actions:
        game.apply(action, seat)
        out.append(_position(game))
    return out


def _position(game: Game) -> Position:
    # the rest of a claim (Spielabkürzung) is collected in "claimed" tricks: those cards were never played,
    # so they stay hidden like any other card of a hand
    tricks = [t for t in game.tricks if not t.claimed]
    played: Counter[int] = Counter()
    for trick in tricks:
        played.update(trick.cards)
    trick_now = [(int(s), int(c)) for s, c in zip(game.trick_seats, game.trick_cards, strict=True)]
    played.update(c for _, c in trick_now)
    last = None
    if tricks:
        t = tricks[-1]
        last = (Counter((int(s), int(c)) for s, c in zip(t.seats, t.cards, strict=True)), int(t.winner))
    hands = [Counter(int(c) for c in game.hands[s]) for s in range(4)]
    known = []
    for seat in range(4):
        info = game.information_state(seat)
        assert Counter(info.hand) == hands[seat]
        known.append(hands[seat] + played + Counter(info.armut_laid) + Counter(info.armut_returned))
    return Position(Phase(game.phase).name.lower(), trick_now, last, hands, known, played)


# -- what a message shows -------------------------------------------------------------------------------

#: Keys whose value, a list of numbers, is a list of cards (an Armut exchange may be sent that way).
CARD_LIST_KEY = re.compile(r"card|hand|laid|returned|given|taken|exchange|cards", re.IGNORECASE)


def card_occurrences(view: Any, path: str = "") -> list[tuple[str, int]]:
    """Every card number in ``view``: the value of any ``card`` key, and the numbers of a list under a key
    that names cards (:data:`CARD_LIST_KEY`); each with its path (``hand.3.card``)."""
    found: list[tuple[str, int]] = []
    if isinstance(view, Mapping):
        for key, value in view.items():
            where = f"{path}.{key}" if path else str(key)
            if key == "card" and isinstance(value, int) and not isinstance(value, bool):
                found.append((where, value))
            elif isinstance(value, list) and CARD_LIST_KEY.search(str(key)):
                for i, item in enumerate(value):
                    if isinstance(item, int) and not isinstance(item, bool):
                        found.append((f"{where}.{i}", item))
                    else:
                        found.extend(card_occurrences(item, f"{where}.{i}"))
            else:
                found.extend(card_occurrences(value, where))
    elif isinstance(view, list):
        for i, item in enumerate(view):
            found.extend(card_occurrences(item, f"{path}.{i}"))
    return found


def texts(view: Any, path: str = "") -> list[tuple[str, str, int | None]]:
    """Every string in ``view`` with its path and, for the ``label`` of an object that has a ``card``, that card."""
    found: list[tuple[str, str, int | None]] = []
    if isinstance(view, Mapping):
        card = view.get("card") if isinstance(view.get("card"), int) else None
        for key, value in view.items():
            where = f"{path}.{key}" if path else str(key)
            if isinstance(value, str):
                found.append((where, value, card if key == "label" else None))
            else:
                found.extend(texts(value, where))
    elif isinstance(view, list):
        for i, item in enumerate(view):
            if isinstance(item, str):
                found.append((f"{path}.{i}", item, None))
            else:
                found.extend(texts(item, f"{path}.{i}"))
    return found


@dataclass
class Shown:
    """What one message shows, read once: its cards by part, its texts, its trick."""

    view: Mapping[str, Any]
    seat: int | None
    occurrences: list[tuple[str, int]]
    parts: dict[str, Counter[int]]
    total: Counter[int]
    texts: list[tuple[str, Counter[int], str, int | None]]
    trick: list[tuple[Any, Any]]

    @classmethod
    def of(cls, view: Mapping[str, Any], seat: int | None) -> Shown:
        occurrences = card_occurrences(view)
        parts: dict[str, Counter[int]] = {}
        for where, card in occurrences:
            parts.setdefault(where.split(".", 1)[0], Counter())[card] += 1
        named: list[tuple[str, Counter[int], str, int | None]] = []
        for path, text, label_of in texts(view):
            symbols = CARD_SYMBOL.findall(text)
            if symbols:
                named.append((path, Counter(SYMBOL_CARD[s] for s in symbols), text, label_of))
        trick = [(t.get("seat"), t.get("card")) for t in view.get("trick") or []]
        return cls(view, seat, occurrences, parts, Counter(c for _, c in occurrences), named, trick)


def _over(shown: Counter[int], allowed: Counter[int]) -> list[str]:
    return [f"{Card(c).symbol} x{n} (knows {allowed[c]})" for c, n in sorted(shown.items()) if n > allowed[c]]


def problems(shown: Shown, pos: Position, consented: set[int]) -> list[str]:
    """What the message ``shown`` (to ``shown.seat``, ``None``: a spectator) the position ``pos`` does not
    explain; ``consented``: the seats whose hand this spectator may see (it holds the Kiebitz link of that
    consenting seat). Empty: ``pos`` explains it."""
    view, seat = shown.view, shown.seat
    if view.get("phase") != pos.phase:
        return [f"phase {view.get('phase')!r} is not {pos.phase!r}"]
    if shown.trick != pos.trick:
        return [f"trick {shown.trick} is not {pos.trick}"]
    found: list[str] = []
    bad = [w for w, c in shown.occurrences if not 0 <= c < 24]
    if bad:
        found.append(f"a card number out of 0..23 at {bad[:8]}")
    hand = shown.parts.get("hand", Counter())
    last = view.get("last_trick")
    if last:
        pairs = Counter((c.get("seat"), c.get("card")) for c in last.get("cards") or [])
        if pos.last_trick is None or pairs != pos.last_trick[0] or last.get("winner") != pos.last_trick[1]:
            want = None if pos.last_trick is None else (dict(pos.last_trick[0]), pos.last_trick[1])
            found.append(f"last_trick {dict(pairs)} -> {last.get('winner')} is not the last finished trick {want}")
    hands_shown = view.get("shown_hands") or {}
    if seat is not None:
        if hand != pos.hands[seat]:
            found.append(f"hand {sorted(hand.elements())} is not the seat's hand {sorted(pos.hands[seat].elements())}")
        if hands_shown:
            found.append(f"shown_hands {sorted(hands_shown)} sent to seat {seat} (only spectators get them)")
        allowed = pos.known[seat]
    else:
        if hand:
            found.append(f"a spectator got a hand {sorted(hand.elements())}")
        if view.get("actions"):
            found.append("a spectator got actions")
        allowed = Counter(pos.played)
        for key, cards in hands_shown.items():
            shown_seat = int(key)
            if shown_seat not in consented:
                found.append(f"shown_hands of seat {shown_seat}, which did not consent")
                continue
            got: Counter[int] = Counter(int(c["card"]) if isinstance(c, Mapping) else int(c) for c in cards)
            if got != pos.hands[shown_seat]:
                found.append(f"shown hand of seat {shown_seat} {sorted(got.elements())} is not its hand")
            allowed += pos.hands[shown_seat]
    over = _over(shown.total, allowed)
    if over:
        beyond = {c for c, n in shown.total.items() if n > allowed[c]}
        paths = sorted({w for w, c in shown.occurrences if c in beyond})
        found.append(f"cards beyond what the seat knows: {', '.join(over)} at {paths[:8]}")
    for where, named, text, card in shown.texts:
        if card is not None and set(named) != {card}:
            found.append(f"{where}: label {text!r} does not name its card {Card(card).symbol}")
        named_over = _over(named, allowed)
        if named_over:
            found.append(f"{where}: text {text!r} names {', '.join(named_over)}")
    return found


def explain(view: Mapping[str, Any], seat: int | None, deal: list[Position], consented: set[int]) -> list[str]:
    """Empty when some position of the deal explains ``view`` (sent to ``seat``); else the problems at the
    closest position (same phase and trick, fewest problems)."""
    shown = Shown.of(view, seat)
    best: list[str] | None = None
    for pos in deal:
        found = problems(shown, pos, consented)
        if not found:
            return []
        near = not found[0].startswith(("phase ", "trick "))
        if best is None or (near and (best[0].startswith(("phase ", "trick ")) or len(found) < len(best))):
            best = found
    return best or ["the deal has no positions"]


# -- the clients ------------------------------------------------------------------------------------------


@dataclass
class Record:
    """The messages one connection received, in order; ``shown``: the seats whose hand it may see (a
    spectator with a consenting seat's Kiebitz link)."""

    seat: int | None
    messages: list[dict[str, Any]] = field(default_factory=list)
    shown: set[int] = field(default_factory=set)


@dataclass
class TableRun:
    preset: str
    index: int
    table_id: int = 0
    seed: int = 0
    records: list[Record] = field(default_factory=list)
    deals: dict[int, tuple[Any, list[tuple[int, int]], RuleSet]] = field(default_factory=dict)
    sent: int = 0


def armut_seed(rules: RuleSet, start: int) -> int:
    """A table seed from ``start`` on whose first deal (seat 0 deals) some player may declare an Armut (the
    engine's legal actions say so), for rules that play the Armut; else ``start``."""
    if not rules.armut:
        return start
    for seed in range(start, start + 500):
        game = Game.new(rules, seed=deal_seed(seed, 1), dealer=0)
        while game.phase is Phase.VORBEHALT:
            legal = game.legal_actions()
            if ARMUT_VORBEHALT in legal:
                return seed
            if Action.GESUND not in legal:
                break
            game.apply(Action.GESUND)
    return start


async def receive(ws: Any, done: asyncio.Event, what: str, patience: float = RECV_TIMEOUT) -> dict[str, Any] | None:
    """The next message of ``ws`` (parsed JSON), or ``None`` once ``done`` is set. Raises AssertionError when
    nothing comes for :data:`RECV_TIMEOUT` seconds while the run goes on (a stuck table)."""
    quiet_since = time.monotonic()
    while not done.is_set():
        try:
            raw = await asyncio.wait_for(ws.recv(), 0.5)
        except TimeoutError:
            if time.monotonic() - quiet_since > patience:
                raise AssertionError(f"{what}: no message for {patience:g} s") from None
            continue
        return dict(json.loads(raw))
    return None


async def play_table(base: str, store_tables: Any, run: TableRun) -> None:
    """Create, fill and start a table, play ``DEALS_PER_TABLE`` deals with four random clients and a spectator,
    and keep every message and every finished deal's stored actions in ``run``."""
    rules = PRESETS[run.preset]
    run.seed = armut_seed(rules, 1000 * run.index + 17)
    async with httpx.AsyncClient(base_url=base, timeout=30) as client:
        answer = await client.post(
            "/api/tables",
            json={
                "name": f"Leck {run.preset} {run.index}",
                "rules": run.preset,
                "seats": [{"name": None, "bot": None} for _ in range(4)],
                "listed": False,
                "seed": run.seed,
                "next_game_s": 3600,
                "grace_s": 3600,
            },
        )
        assert answer.status_code in (200, 201), answer.text
        created = answer.json()
        run.table_id = table_id = int(created["id"])
        host, invite = created["host_token"], created.get("invite")
        tokens = []
        for seat, name in enumerate(NAMES):
            claimed = await client.post(
                f"/api/tables/{table_id}/seats/{seat}/claim", json={"name": name, "invite": invite}
            )
            assert claimed.status_code in (200, 201), claimed.text
            tokens.append(claimed.json()["seat_token"])
        started = await client.post(f"/api/tables/{table_id}/start", headers={"X-Doko-Token": host})
        assert started.status_code in (200, 201), started.text
        watch = None
        if run.index == 0:
            shows = await client.post(
                f"/api/tables/{table_id}/show-hand",
                json={"shows": True},
                headers={"X-Doko-Token": tokens[SPECTATOR_SHOWN_SEAT]},
            )
            assert shows.status_code in (200, 201), shows.text
            # the seat's Kiebitz link, as its holder's page shows it
            watch = await asyncio.to_thread(
                store_tables.watch_token, table_id, SPECTATOR_SHOWN_SEAT, tokens[SPECTATOR_SHOWN_SEAT]
            )

    ws_base = base.replace("http://", "ws://") + f"/tables/{table_id}/ws?format=json"
    done = asyncio.Event()
    seats = [Record(s) for s in range(4)]
    spectators = [Record(None)]
    urls = [f"{ws_base}&invite={invite}"]
    if watch is not None:
        spectators.append(Record(None, shown={SPECTATOR_SHOWN_SEAT}))
        urls.append(f"{ws_base}&watch={watch}")
    run.records = [*seats, *spectators]

    async def player(record: Record, token: str) -> None:
        seat = record.seat
        assert seat is not None
        rng = random.Random(f"{run.preset}/{run.index}/{seat}")
        acted = -1
        weiter_for = 0
        async with websockets.connect(f"{ws_base}&token={token}", max_size=2**22) as ws:
            while True:
                try:
                    message = await receive(ws, done, f"{run.preset}/{run.index} seat {seat}")
                except AssertionError as exc:
                    last = json.dumps(record.messages[-1:], ensure_ascii=False)[:3000]
                    raise AssertionError(f"{exc}; the last message: {last}") from None
                if message is None:
                    return
                record.messages.append(message)
                if message.get("type") != "view":
                    continue
                view, n = message["view"], int(message["n"])
                deal = (view.get("deal") or {}).get("number")
                if view.get("phase") == "finished":
                    if seat == 0 and deal is not None and deal > weiter_for:
                        weiter_for = deal
                        snap = await asyncio.to_thread(store_tables.state, table_id)
                        assert snap.deal is not None and snap.deal.number == deal and snap.finished
                        run.deals[deal] = (snap.deal, [(int(s), int(a)) for s, a in snap.actions], snap.info.rules)
                        if len(run.deals) >= DEALS_PER_TABLE:
                            done.set()
                            return
                        await ws.send(json.dumps({"do": "weiter"}))
                    continue
                if view.get("turn") == seat and n > acted:
                    action = online_server.choose(view, rng)
                    if action is not None:
                        acted = n
                        run.sent += 1
                        await ws.send(json.dumps({"action": action, "n": n}))

    async def watcher(record: Record, url: str) -> None:
        async with websockets.connect(url, max_size=2**22) as ws:
            while (
                message := await receive(ws, done, f"{run.preset}/{run.index} spectator", 2 * RECV_TIMEOUT)
            ) is not None:
                record.messages.append(message)

    watchers = [watcher(record, url) for record, url in zip(spectators, urls, strict=True)]
    await asyncio.gather(*(player(seats[s], tokens[s]) for s in range(4)), *watchers)
    # the deal in progress when the run stopped is checked too (it is the last one finished here)


# -- the server -------------------------------------------------------------------------------------------


@dataclass
class Server:
    base: str
    app: Any
    url: str


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    """The app on an SQLite file with fast table settings, served by uvicorn in a background thread."""
    url = f"sqlite:///{tmp_path / 'tables.sqlite'}"
    app = online_server.build_app(
        url,
        {
            "poll_s": 0.5,
            "rate_per_s": 1000.0,
            "rate_burst": 1000,
            "creates_per_minute": 10_000,
            "claims_per_minute": 10_000,
            "conns_per_address": 10_000,
            "pace_ms": 0,
            "allow_seed": True,  # the test's own clients: the seed only picks deals with an Armut
        },
    )
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(app, log_level="warning", timeout_graceful_shutdown=2, lifespan="on")
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not srv.started:
        assert thread.is_alive() and time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.02)
    try:
        yield Server(f"http://127.0.0.1:{port}", app, url)
    finally:
        srv.should_exit = True
        thread.join(15)
        sock.close()


# -- the tests --------------------------------------------------------------------------------------------


def test_no_message_shows_a_card_of_another_hand_under_every_preset(server: Server) -> None:
    from doppelkopf.storage import open_store
    from doppelkopf.storage.tables import TableStore

    store = open_store(server.url)
    tables = TableStore(store)
    runs = [TableRun(preset, i) for preset in PRESETS for i in range(TABLES_PER_PRESET)]

    async def everything() -> None:
        await asyncio.wait_for(asyncio.gather(*(play_table(server.base, tables, r) for r in runs)), RUN_TIMEOUT)

    try:
        run_async(everything())
    finally:
        store.close()

    checked = Counter[str]()
    kinds: Counter[str] = Counter()
    for run in runs:
        assert len(run.deals) == DEALS_PER_TABLE, (run.preset, run.index, sorted(run.deals))
        deals = {number: positions(rules, setup, actions) for number, (setup, actions, rules) in run.deals.items()}
        for number, (_, actions, _) in run.deals.items():
            if any(a == ARMUT_VORBEHALT for _, a in actions):
                kinds["armut declared"] += 1
            if any(a == Action.ARMUT_TAKE for _, a in actions):
                kinds["armut taken"] += 1
            kinds["deals"] += 1
            assert deals[number][-1].phase == "finished"
        for record in run.records:
            numbers = [int(m["n"]) for m in record.messages]
            assert numbers == sorted(numbers), f"seat {record.seat}: messages not in order of their number"
            errors = [m for m in record.messages if m.get("type") == "error"]
            assert not errors, f"{run.preset}/{run.index} seat {record.seat}: refused {errors[:3]}"
            for message in record.messages:
                assert message.get("type") == "view", message
                view = message["view"]
                assert view["seat"] == record.seat
                deal_number = (view.get("deal") or {}).get("number")
                if deal_number is None:
                    assert not card_occurrences(view), "cards in a view without a deal"
                    continue
                number = int(deal_number)
                assert number in deals, (number, sorted(deals))  # every deal a message shows was snapshotted
                found = explain(view, record.seat, deals[number], record.shown)
                assert not found, (
                    f"{run.preset} table {run.table_id} deal {number}, message n={message['n']} to "
                    f"{'spectator' if record.seat is None else f'seat {record.seat}'}: {found}"
                )
                checked[run.preset] += 1
        for record in run.records:
            if record.shown:  # the Kiebitz did see the consenting seat's hand
                assert any(m["view"].get("shown_hands") for m in record.messages), "the Kiebitz saw no hand"
    assert all(checked[p] > 0 for p in PRESETS), checked
    # the random players did reach an Armut exchange under the rules that play it (the seeds are chosen for it)
    if any(r.armut for r in PRESETS.values()):
        assert kinds["armut taken"] > 0, kinds
    print(f"checked messages per preset: {dict(checked)}; {dict(kinds)}")


# -- the checker itself, without a server ---------------------------------------------------------------


def _view_of(game: Game, seat: int) -> dict[str, Any]:
    """A minimal seat view with the agreed fields, built from the engine's information state (for the
    checker's own test: what a correct server sends)."""
    info = game.information_state(seat)
    last = None
    if info.tricks:
        t = info.tricks[-1]
        last = {"cards": [{"seat": s, "card": c} for s, c in zip(t.seats, t.cards, strict=True)], "winner": t.winner}
    return {
        "seat": seat,
        "phase": Phase(info.phase).name.lower(),
        "hand": [{"card": c, "label": Card(c).symbol, "legal": c in info.legal_actions} for c in info.hand],
        "trick": [{"seat": s, "card": c, "label": Card(c).symbol} for s, c in info.trick],
        "last_trick": last,
        "log": [],
        "actions": [],
    }


def test_the_checker_finds_a_planted_card_of_another_hand() -> None:
    rules = PRESETS["ddv"]
    game = Game.new(rules, seed=5, dealer=0)
    actions: list[tuple[int, int]] = []
    while game.phase is Phase.VORBEHALT:
        seat = game.current_player
        actions.append((seat, Action.GESUND))
        game.apply(Action.GESUND, seat)
    for _ in range(6):  # a trick and a half
        seat = game.current_player
        card = game.legal_actions()[0]
        actions.append((seat, card))
        game.apply(card, seat)

    class Setup:
        seed, dealer, pflichtsolo_done, forced_solo_seat = 5, 0, (False,) * 4, None

    deal = positions(rules, Setup, actions)
    view = _view_of(game, 1)
    assert explain(view, 1, deal, set()) == []  # the honest view passes
    # a card of seat 2's hand that seat 1 neither holds nor has seen played
    secret = next(c for c in game.hands[2] if c not in game.hands[1] and c not in deal[-1].played)
    planted = [
        {**view, "armut": {"laid": [secret]}},
        {**view, "log": [f"Carla hält {Card(secret).symbol}"]},
        {**view, "hand": [*view["hand"], {"card": secret, "label": Card(secret).symbol, "legal": False}]},
        {**view, "extra": {"seat": 2, "card": secret}},
    ]
    for bad in planted:
        assert explain(bad, 1, deal, set()), bad
    spectator = {**_view_of(game, 1), "seat": None, "hand": [], "actions": []}
    assert explain(spectator, None, deal, set()) == []
    assert explain({**spectator, "shown_hands": {"2": [{"card": c} for c in game.hands[2]]}}, None, deal, set())
    assert explain({**spectator, "shown_hands": {"2": [{"card": c} for c in game.hands[2]]}}, None, deal, {2}) == []
