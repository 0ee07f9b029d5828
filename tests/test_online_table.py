"""The online table's core (``doppelkopf.online``): the game rebuilt from stored actions, the computer players
whose decision is a function of the position alone (asked twice, on a copy or after a restart: the same), the
Liste entry of a finished game, and the seat view that never shows a card of another hand before it is played
and shows the Punkte the Liste wrote."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import HOCHZEIT_HANDS, NORMAL_HANDS, hands
from doppelkopf.cards import AUGEN, Card
from doppelkopf.game import Action, Game, IllegalAction, Phase
from doppelkopf.liste import ListeBuilder, compute_liste
from doppelkopf.online import BOT_LEVELS, DealSetup, TableState, deal_seed, seat_view, setup_for
from doppelkopf.players import IllegalPlayerAction
from doppelkopf.rules import PRESETS, GameType, Party, get_preset

NAMES = ["Anna", "Ben", "Carla", "Dirk"]
SEATS: list[dict[str, Any]] = [{"name": n, "connected": True} for n in NAMES]
TABLE = {"id": 7, "name": "Test", "status": "playing", "rules_name": "ddv", "host": False}
FAST = settings(deadline=None, database=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])


def setup(seed: int, dealer: int = 0, number: int = 1, bock: int = 1) -> DealSetup:
    return DealSetup(number, number, deal_seed(seed, number), dealer, (False, False, False, False), None, bock)


def table(rules_name: str = "ddv", bots: tuple[str | None, ...] = ("rules",) * 4, seed: int = 1) -> TableState:
    state = TableState(get_preset(rules_name), NAMES, bots, seed)
    state.start_deal(setup(seed, dealer=seed % 4))
    return state


def play_out(state: TableState, seats: range | set[int] = range(4)) -> list[tuple[int, int]]:
    """Let the computer players of ``seats`` play the deal to its end; the steps taken."""
    steps = []
    while not state.finished:
        step = state.decide(seats)
        assert step is not None, "a computer player must act while the game is not over"
        state.apply(*step)
        steps.append(step)
        assert len(steps) < 400
    return steps


def view(state: TableState, seat: int | None, shown: tuple[int, ...] = ()) -> dict[str, Any]:
    return seat_view(state, seat, table=TABLE, seats=SEATS, liste=None, shown=shown)


# -- replay and restart ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("rules_name", sorted(PRESETS))
def test_the_same_setup_and_actions_give_the_same_game(rules_name: str) -> None:
    first = table(rules_name, ("random", "rules", "random", "rules"), seed=11)
    play_out(first)
    second = TableState(get_preset(rules_name), NAMES, first.bots, 11)
    second.start_deal(first.deal, first.actions)  # type: ignore[arg-type]
    assert second.actions == first.actions
    assert second.finished
    for seat in range(4):
        assert second.game.information_state(seat) == first.game.information_state(seat)  # type: ignore[union-attr]
    assert second.game.score() == first.game.score()  # type: ignore[union-attr]


@pytest.mark.parametrize("rules_name", sorted(PRESETS))
def test_a_restarted_table_plays_on_as_it_would_have(rules_name: str) -> None:
    """Rebuilt mid-game from the stored actions (a server restarted), the computer players take the same steps."""
    bots = ("random", "rules", "random", "rules")
    whole = table(rules_name, bots, seed=5)
    steps = play_out(whole)
    for cut in range(0, len(steps), 9):
        again = TableState(get_preset(rules_name), NAMES, bots, 5)
        again.start_deal(whole.deal, steps[:cut])  # type: ignore[arg-type]
        assert play_out(again) == steps[cut:]
        assert again.game.score() == whole.game.score()  # type: ignore[union-attr]


def test_the_persons_turn_waits_and_asking_again_changes_nothing() -> None:
    """Seat 0 is a person: at his turn the computer players may announce out of turn, then nothing is left
    for them to do until he acts, however often they are asked."""
    state = TableState(get_preset("ddv"), NAMES, (None, "rules", "rules", "rules"), 3)
    state.start_deal(setup(3, dealer=3))  # seat 0 answers first
    assert state.decide({1, 2, 3}) is None  # the Vorbehaltsabfrage: the person answers first
    state.apply(0, Action.GESUND)
    while state.game.phase is not Phase.PLAY or state.game.current_player != 0:  # type: ignore[union-attr]
        step = state.decide({1, 2, 3})
        assert step is not None and step[0] != 0
        state.apply(*step)
    while (step := state.decide({1, 2, 3})) is not None:
        assert step[0] != 0 and Action.is_announcement(step[1])  # only announcements out of turn
        state.apply(*step)
    for _ in range(3):
        assert state.decide({1, 2, 3}) is None  # the same position: the same answer, nothing
    card = state.game.legal_actions(0)[0]  # type: ignore[union-attr]
    state.apply(0, card)
    assert state.decide({1, 2, 3}) is not None  # the play goes on


def decisions_along(rules_name: str, bots: tuple[str | None, ...], seed: int) -> tuple[TableState, list[int]]:
    """Play a deal with ``decide``; at every position check that the decision is the same asked twice, asked
    on a :meth:`TableState.copy` and asked of a table rebuilt from the stored setup and actions (a restarted
    server). Returns the finished state and the positions at which a computer player announced out of turn."""
    state = table(rules_name, bots, seed=seed)
    announced_out_of_turn = []
    while not state.finished:
        first = state.decide(range(4))
        assert first is not None
        assert state.decide(range(4)) == first, f"position {len(state.actions)}: asked again, decided otherwise"
        twin = state.copy()
        assert twin.decide(range(4)) == first, f"position {len(state.actions)}: the copy decided otherwise"
        rebuilt = TableState(get_preset(rules_name), NAMES, bots, seed)
        rebuilt.start_deal(state.deal, state.actions)  # type: ignore[arg-type]
        assert rebuilt.decide(range(4)) == first, f"position {len(state.actions)}: rebuilt, decided otherwise"
        game = state.game
        assert game is not None
        if game.phase is Phase.PLAY and first[0] != game.current_player:
            announced_out_of_turn.append(len(state.actions))
        state.apply(*first)
    return state, announced_out_of_turn


@pytest.mark.parametrize("rules_name", sorted(PRESETS))
def test_a_decision_depends_only_on_the_position(rules_name: str) -> None:
    """No memory between calls: at every position of bot games the decision asked twice, asked of a copy and
    asked after rebuilding from the stored actions is one and the same; announcements out of turn included."""
    out_of_turn = 0
    for seed in (5, 6, 7):
        state, announced = decisions_along(rules_name, ("random", "rules", "random", "rules"), seed)
        assert state.finished
        out_of_turn += len(announced)
    assert out_of_turn, "no computer player announced out of turn in three deals: the case is not covered"


def test_a_searching_computer_player_decides_the_same_on_a_copy() -> None:
    state, _ = decisions_along("ddv", ("search-easy", "rules", "random", "rules"), 4)
    assert state.finished


def test_a_copy_is_independent() -> None:
    state = table(seed=3)
    twin = state.copy()
    step = twin.decide(range(4))
    assert step is not None
    twin.apply(*step)
    assert state.actions == [] and twin.actions == [step]
    assert state.game is not None and twin.game is not state.game
    assert state.game.information_state(step[0]).legal_actions != twin.game.information_state(step[0]).legal_actions  # type: ignore[union-attr]
    assert state.decide(range(4)) == step  # the original still at the start
    assert state.bot_action(range(4)) == step  # the older name: the same decision
    assert TableState(get_preset("ddv"), NAMES, ("rules",) * 4, 1).copy().decide(range(4)) is None  # no deal yet


def test_a_stand_in_plays_a_persons_seat() -> None:
    state = TableState(get_preset("ddv"), NAMES, (None, "rules", "rules", "rules"), 9)
    state.start_deal(setup(9))
    steps = play_out(state, range(4))  # seat 0 given to a stand-in
    assert any(seat == 0 for seat, _ in steps)
    assert state.level_of(0) == "rules"


def test_an_unknown_computer_player_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match=r"bots\[2\]: unknown computer player 'genius'"):
        TableState(get_preset("ddv"), NAMES, ("rules", "rules", "genius", None), 1)
    assert set(BOT_LEVELS) == {"rules", "search-easy", "search", "search-v3", "random"}


def test_a_computer_player_answering_illegally_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    from doppelkopf.players import RuleBasedPlayer

    monkeypatch.setattr(RuleBasedPlayer, "choose", lambda self, info: 200)
    state = table()
    with pytest.raises(
        IllegalPlayerAction, match=r"computer player 'rules' \(seat \d\) chose 200, which is not legal now"
    ):
        state.decide(range(4))


# -- the Liste --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("rules_name", sorted(PRESETS))
def test_finished_games_go_on_the_liste_with_the_games_punkte(rules_name: str) -> None:
    """A sitting of bot games dealt as the Liste says (dealer, Pflichtsolo, Bock): each counted game's entry is
    accepted and scores the Punkte of ``Game.score`` times the Bock, and the view shows the row's Punkte; a
    deal thrown in gives no entry."""
    rules = get_preset(rules_name)
    builder = ListeBuilder(rules, NAMES)
    state = TableState(rules, NAMES, ("random", "rules", "random", "rules"), 21)
    counted = thrown = bocked = 0
    number = 0
    while counted < 10:
        number += 1
        deal = setup_for(builder.game_setup(), number=number, game_number=builder.number + 1, table_seed=21)
        state.start_deal(deal)
        play_out(state)
        game = state.game
        assert game is not None
        if game.thrown_in:
            assert state.entry() is None and state.thrown_in
            result = seat_view(state, 0, table=TABLE, seats=SEATS, liste=builder.liste())["result"]
            assert result["thrown_in"] and result["points"] == [0, 0, 0, 0] and result["multiplier"] is None
            thrown += 1
            continue
        entry = state.entry()
        assert entry is not None and entry["dealer"] == NAMES[deal.dealer]
        before = seat_view(state, 2, table=TABLE, seats=SEATS, liste=builder.liste())["result"]
        assert before["multiplier"] is None  # not on the Liste yet: the game's own Punkte
        assert before["points"] == list(game.score().points)
        row = builder.add(entry)
        assert row.multiplier in (1, deal.bock_multiplier)
        assert row.points == tuple(p * row.multiplier for p in game.score().points)
        result = seat_view(state, 2, table=TABLE, seats=SEATS, liste=builder.liste())["result"]
        assert result["points"] == list(row.points) and result["multiplier"] == row.multiplier
        bocked += row.multiplier > 1
        counted += 1
    if rules.bock_triggers:
        assert bocked, "the Bock triggers of the preset fired no Bock in ten games"


def test_no_entry_before_the_end() -> None:
    state = table()
    assert state.entry() is None
    empty = TableState(get_preset("ddv"), NAMES, ("rules",) * 4, 1)
    assert empty.entry() is None and not empty.finished


# -- illegal actions --------------------------------------------------------------------------------------------
def engine_message(deal: DealSetup, history: list[tuple[int, int]], seat: int, action: int) -> str:
    """What the engine itself says to ``action`` of ``seat`` after ``history`` (an independent game)."""
    game = Game.new(get_preset("ddv"), seed=deal.seed, dealer=deal.dealer, pflichtsolo_done=deal.pflichtsolo_done)
    for s, a in history:
        game.apply(a, s)
    with pytest.raises(IllegalAction) as caught:
        game.apply(action, seat)
    return str(caught.value)


def test_illegal_actions_are_refused_with_the_engines_message_and_change_nothing() -> None:
    state = table(seed=4)
    deal = state.deal
    assert deal is not None
    first = (deal.dealer + 1) % 4
    card = state.game.hands[first][0]  # type: ignore[union-attr]
    before = [state.game.information_state(s) for s in range(4)]  # type: ignore[union-attr]
    for seat, action in ((first, card), ((first + 1) % 4, Action.GESUND), (first, 200)):
        with pytest.raises(IllegalAction) as caught:
            state.apply(seat, action)
        assert str(caught.value) == engine_message(deal, [], seat, action)
        assert state.actions == []
        assert [state.game.information_state(s) for s in range(4)] == before  # type: ignore[union-attr]
    # into the play: a card of the right hand, but not this seat's turn
    while state.game.phase is not Phase.PLAY:  # type: ignore[union-attr]
        state.apply(*state.decide(range(4)))  # type: ignore[misc]
    game = state.game
    assert game is not None
    other = (game.current_player + 1) % 4
    wrong = game.hands[other][0]
    history = list(state.actions)
    with pytest.raises(IllegalAction, match=f"it is seat {game.current_player}'s turn, not seat {other}'s") as caught:
        state.check(other, wrong)
    assert str(caught.value) == engine_message(deal, history, other, wrong)
    assert state.actions == history


def test_a_card_not_in_the_hand_and_bedienpflicht_are_refused() -> None:
    state = table(seed=8)
    while state.game.phase is not Phase.PLAY:  # type: ignore[union-attr]
        state.apply(*state.decide(range(4)))  # type: ignore[misc]
    game = state.game
    assert game is not None
    seat = game.current_player
    foreign = next(c for c in range(24) if c not in game.hands[seat])
    with pytest.raises(IllegalAction, match="is not in your hand"):
        state.apply(seat, foreign)
    state.apply(seat, game.legal_actions(seat)[0])
    nxt = game.current_player
    cards = [a for a in game.legal_actions(nxt) if Action.is_card(a)]
    blocked = sorted(set(game.hands[nxt]) - set(cards))
    if blocked:  # a card that does not follow the suit led
        with pytest.raises(IllegalAction, match="Bedienpflicht"):
            state.apply(nxt, blocked[0])


def test_without_a_game_and_with_bad_input_the_message_names_it() -> None:
    state = TableState(get_preset("ddv"), NAMES, ("rules",) * 4, 1)
    with pytest.raises(IllegalAction, match="no game is being played at this table now"):
        state.check(0, 3)
    assert state.decide(range(4)) is None
    state.start_deal(setup(1))
    with pytest.raises(IllegalAction, match="no seat 4: seats are 0..3"):
        state.check(4, Action.GESUND)
    with pytest.raises(IllegalAction, match="action: expected an action number"):
        state.check(1, "gesund")  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="action: expected an action number"):
        state.check(1, True)
    with pytest.raises(IllegalAction, match="no such action: 1000000000000000000000"):
        state.check(1, 10**21)  # a forged number, larger than any machine int
    with pytest.raises(IllegalAction, match="no seat -1: seats are 0..3"):
        state.check(-1, Action.GESUND)


def test_a_broken_replay_is_refused_and_the_table_keeps_its_game() -> None:
    state = table(seed=2)
    state.apply(*state.decide(range(4)))  # type: ignore[misc]
    kept = list(state.actions)
    deal = state.deal
    assert deal is not None
    first = (deal.dealer + 1) % 4
    with pytest.raises(IllegalAction, match=r"^action 2 \(seat"):
        state.start_deal(deal, [(first, Action.GESUND), (first, Action.GESUND)])
    assert state.actions == kept


# -- the seat view ------------------------------------------------------------------------------------------------
def card_ints(data: Any) -> Iterator[int]:
    """Every ``{"card": n}`` anywhere in a view."""
    if isinstance(data, dict):
        if isinstance(data.get("card"), int):
            yield data["card"]
        for value in data.values():
            yield from card_ints(value)
    elif isinstance(data, list):
        for value in data:
            yield from card_ints(value)


def played_cards(game: Game) -> Counter[int]:
    cards: Counter[int] = Counter(c for t in game.tricks if not t.claimed for c in t.cards)
    cards.update(game.trick_cards)
    return cards


def assert_no_hidden_card(game: Game, data: dict[str, Any], seat: int | None, shown: tuple[int, ...]) -> None:
    """Every card the view names is one the viewer may know: its own hand, a card played, the Armut cards it gave
    or took, a hand shown to spectators with consent; counted as a multiset (every card is in the deck twice)."""
    allowed = played_cards(game)
    if seat is None:
        assert "hand" not in data
        for s in shown:
            allowed.update(game.hands[s])
    else:
        allowed.update(game.hands[seat])
        if seat in (game.armut_poor, game.armut_taker):
            allowed.update(game.armut_laid)
            allowed.update(game.armut_returned)
        assert data["shown_hands"] == {}
        assert Counter(c["card"] for c in data["hand"]) == Counter(game.hands[seat])
    seen = Counter(card_ints(data))
    assert not seen - allowed, f"seat {seat} sees {sorted((seen - allowed).elements())}"


@settings(FAST, max_examples=40)
@given(
    st.sampled_from(sorted(PRESETS)),
    st.integers(0, 2**40),
    st.lists(st.sampled_from(["rules", "random"]), min_size=4, max_size=4),
    st.lists(st.integers(0, 3), max_size=2),
)
def test_no_view_shows_a_card_of_another_hand_before_it_is_played(
    rules_name: str, seed: int, bots: list[str], shown_list: list[int]
) -> None:
    state = TableState(get_preset(rules_name), NAMES, bots, seed)
    state.start_deal(setup(seed, dealer=seed % 4))
    shown = tuple(sorted(set(shown_list)))
    game = state.game
    assert game is not None
    while True:
        for seat in (0, 1, 2, 3, None):
            data = seat_view(state, seat, table=TABLE, seats=SEATS, liste=None, shown=shown)
            assert json.loads(json.dumps(data)) is not None  # plain JSON data
            assert_no_hidden_card(game, data, seat, shown)
        if state.finished:
            break
        state.apply(*state.decide(range(4)))  # type: ignore[misc]


def test_the_view_of_a_fresh_deal() -> None:
    state = table(seed=6)
    deal = state.deal
    assert deal is not None
    first = (deal.dealer + 1) % 4
    data = view(state, first)
    assert data["phase"] == "vorbehalt" and data["phase_label"] == "Vorbehaltsabfrage"
    assert data["turn"] == first and data["seats"][first]["turn"] and data["seats"][deal.dealer]["dealer"]
    assert [c["card"] for c in data["hand"]] == list(state.game.information_state(first).hand)  # type: ignore[union-attr]
    assert all(c["label"] == Card(c["card"]).symbol and not c["legal"] for c in data["hand"])
    labels = {a["label"]: a["kind"] for a in data["actions"]}
    assert labels["gesund"] == "vorbehalt" and "Kreuzsolo" in labels  # the DDV plays every solo
    assert [s["cards"] for s in data["seats"]] == [12, 12, 12, 12]
    assert data["own_augen"] is None and data["result"] is None and data["liste"] is None
    other = view(state, (first + 1) % 4)
    assert other["actions"] == []  # not his turn in the Vorbehaltsabfrage
    spectator = view(state, None)
    assert "hand" not in spectator and spectator["actions"] == [] and spectator["own_party"] is None


def test_the_log_tells_the_vorbehalte_and_the_announcements() -> None:
    state = table(seed=12)
    deal = state.deal
    game = state.game
    assert deal is not None and game is not None
    order = [(deal.dealer + 1 + k) % 4 for k in range(4)]
    for seat in order:
        state.apply(seat, Action.GESUND)
    log = view(state, 0)["log"]
    assert log[:4] == [f"{NAMES[s]}: gesund" for s in order]
    assert [s["vorbehalt"] for s in view(state, None)["seats"]] == ["gesund"] * 4
    if game.game_type.name == "STILLE_HOCHZEIT":
        pytest.skip("the deal is a Stille Hochzeit: nobody of Re announces with a partner")
    re_seat = next(s for s in range(4) if Card.KREUZ_DAME in game.hands[s])
    state.apply(re_seat, Action.announce(1))
    data = view(state, (re_seat + 1) % 4)
    assert data["log"][-1] == f"{NAMES[re_seat]}: Re"
    assert data["announcements"] == [{"seat": re_seat, "label": "Re"}]
    assert data["seats"][re_seat]["party"] == "re"
    own = view(state, re_seat)
    assert own["own_party"] == "re"
    kontra = next(a for a in own["actions"] if a["kind"] == "announce")
    assert kontra["label"] == "keine 90"  # his next announcement


def test_tricks_in_the_log_and_the_last_trick() -> None:
    state = table(seed=14)
    while len(state.game.tricks) < 2:  # type: ignore[union-attr]
        state.apply(*state.decide(range(4)))  # type: ignore[misc]
    game = state.game
    assert game is not None
    data = view(state, 1)
    last = game.tricks[-1]
    assert data["last_trick"] == {
        "cards": [
            {
                "seat": s,
                "card": c,
                "label": Card(c).symbol,
                "name": NAMES[s],
                "german": Card(c).german,
                "short": Card(c).short,
            }
            for s, c in zip(last.seats, last.cards, strict=True)
        ],
        "winner": last.winner,
    }
    assert data["log"][-1] == f"Trick 2 -> {NAMES[last.winner]}"
    assert sum(data["tricks_won"]) == 2
    assert not any("Augen" in line for line in data["log"])  # TSR: the tricks lie face down


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_own_augen_only_where_the_rules_allow_them(seed: int) -> None:
    """With ``own_augen_visible`` every seat sees at the end the Augen of its party: Re's from the summary,
    Kontra's the rest of 240. Without it, never."""
    rules = get_preset("ddv").replace(own_augen_visible=True)
    state = TableState(rules, NAMES, ("rules",) * 4, seed)
    state.start_deal(setup(seed))
    play_out(state)
    game = state.game
    assert game is not None and not game.thrown_in
    augen_re = game.summary().augen_re
    for seat in range(4):
        expected = augen_re if game.party[seat] is Party.RE else 240 - augen_re
        assert view(state, seat)["own_augen"] == expected
    assert view(state, None)["own_augen"] is None
    trick = game.tricks[-1]
    if not trick.claimed:
        line = f"Trick {len(game.tricks)} -> {NAMES[trick.winner]} ({sum(AUGEN[c] for c in trick.cards)} Augen)"
        assert view(state, 0)["log"][-2:] == [line, "game over"]
    plain = table(seed=seed)
    play_out(plain)
    assert all(view(plain, s)["own_augen"] is None for s in range(4))


def test_the_result_of_a_bock_game_is_the_listes_row() -> None:
    """Worked by hand: under 'doppelbock' (seed 002) Anna loses a Kreuzsolo as game 1 (a lost solo: a Bock
    round), so game 2, dealt by Ben, is a Bock game (x2). The computer players (table seed 30) play a normal
    game: Anna and Dirk (the Kreuz-Damen) are Re and take 148 Augen, Carla says Kontra at once. Re wins
    (more than 120 Augen, TSR 7.1.1): 1 Punkt for winning, 2 for Kontra angesagt (TSR 7.2.2); Kontra has
    92 Augen (no unter 90); no Sonderpunkte (no trick of 40 Augen, Dirk's Karo-Asse (Schweine) win both
    their tricks, no Kreuz-Bube in the last trick). Value 3; the Bock doubles every Punkt ("all"): Anna and
    Dirk +6, Ben and Carla -6. The view shows the Liste row's Punkte and Bock, never computing them itself."""
    rules = get_preset("doppelbock")
    builder = ListeBuilder(rules, NAMES)
    builder.add({"game": "kreuz", "re": ["Anna"], "augen_re": 100})
    deal = setup_for(builder.game_setup(), number=2, game_number=2, table_seed=30)
    assert (deal.dealer, deal.bock_multiplier) == (1, 2)
    state = TableState(rules, NAMES, ("rules",) * 4, 30)
    state.start_deal(deal)
    play_out(state)
    game = state.game
    assert game is not None and game.game_type is GameType.NORMAL, "the computer players play otherwise now"
    re_seats = [s for s in range(4) if Card.KREUZ_DAME in game.initial_hands[s]]
    assert [a.seat for a in game.announcements] == [2] and re_seats == [0, 3]
    re_augen = sum(AUGEN[c] for t in game.tricks if t.winner in (0, 3) for c in t.cards)
    assert re_augen == 148 and max(sum(AUGEN[c] for c in t.cards) for t in game.tricks) < 40
    hand_worked = [3, -3, -3, 3]  # 1 (gewonnen) + 2 (Kontra angesagt), Re Anna and Dirk

    # the game over, its row not yet on the Liste: the game's own Punkte, no Bock claimed
    early = seat_view(state, 3, table=TABLE, seats=SEATS, liste=builder.liste())["result"]
    assert early["points"] == hand_worked and early["multiplier"] is None
    assert [(i["key"], i["value"]) for i in early["items"]] == [("gewonnen", 1), ("kontra_angesagt", 2)]
    assert early["winner"] == "re" and early["re"] == [0, 3] and early["augen_re"] == 148 and early["value"] == 3

    entry = state.entry()
    assert entry is not None
    row = builder.add(entry)
    liste = builder.liste()
    assert row.number == 2 and row.multiplier == 2 and row.points == (6, -6, -6, 6)
    for viewer in (0, 1, 2, 3, None):
        data = seat_view(state, viewer, table=TABLE, seats=SEATS, liste=liste)
        result = data["result"]
        assert result["points"] == [6, -6, -6, 6] == [2 * p for p in hand_worked]
        assert result["multiplier"] == 2 and not result["thrown_in"]
        assert data["phase"] == "finished" and data["turn"] is None
    shown = seat_view(state, 0, table=TABLE, seats=SEATS, liste=liste)["liste"]
    assert shown["players"] == NAMES and [r["number"] for r in shown["rows"]] == [1, 2]
    assert shown["rows"][1]["points"] == [6, -6, -6, 6] and shown["rows"][1]["multiplier"] == 2
    # the store recorded it under another number (a game entered on the score sheet meanwhile): game_number
    entered = {"game": "normal", "re": ["Ben", "Carla"], "augen_re": 121}
    played = {key: value for key, value in entry.items() if key != "dealer"}
    moved = compute_liste(rules, NAMES, [{"game": "kreuz", "re": ["Anna"], "augen_re": 100}, entered, played])
    assert moved.rows[1].re == ("Ben", "Carla")  # game 2 is another game: not the deal's
    unsure = seat_view(state, 1, table=TABLE, seats=SEATS, liste=moved)["result"]
    assert unsure["points"] == hand_worked and unsure["multiplier"] is None
    third = seat_view(state, 1, table=TABLE, seats=SEATS, liste=moved, game_number=3)["result"]
    assert third["points"] == [6, -6, -6, 6] and third["multiplier"] == 2  # game 3 is in the Bock round too


def test_a_spectator_sees_only_the_hands_shown_to_him() -> None:
    state = table(seed=19)
    game = state.game
    assert game is not None
    data = view(state, None, shown=(2,))
    assert list(data["shown_hands"]) == [2]
    assert [c["card"] for c in data["shown_hands"][2]] == list(game.information_state(2).hand)
    seated = view(state, 1, shown=(2,))
    assert seated["shown_hands"] == {}


def test_the_view_before_the_first_deal() -> None:
    state = TableState(get_preset("ddv"), NAMES, (None, "rules", None, "random"), 1)
    data = view(state, 0)
    assert data["phase"] is None and data["hand"] == [] and data["deal"] is None
    assert [s["name"] for s in data["seats"]] == NAMES
    assert [s["bot"] for s in data["seats"]] == [None, "rules", None, "random"]
    assert "hand" not in view(state, None)
    with pytest.raises(ValueError, match="seat: expected a seat 0..3 or None"):
        view(state, 4)


def test_the_online_core_is_pure() -> None:
    """``doppelkopf.online`` imports the core, the Liste and the computer players only: no storage, web or I/O
    library (the layers go one way: core -> online -> storage -> web)."""
    import ast
    import sys
    from pathlib import Path

    folder = Path(__file__).resolve().parent.parent / "src" / "doppelkopf" / "online"
    # messages and i18n: the texts and their translations (the viewer's language); order: the trick winner
    allowed = {"cards", "game", "liste", "names", "players", "rules", "session", "online", "messages", "i18n", "order"}
    for path in sorted(folder.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level:
                top = (node.module or "").split(".")[0]
                assert node.level == 1 and top in {"table", "view"} or node.level == 2 and top in allowed, (
                    f"{path.name} line {node.lineno} imports {'.' * node.level}{node.module}"
                )
            elif isinstance(node, ast.ImportFrom | ast.Import):
                names = [node.module or ""] if isinstance(node, ast.ImportFrom) else [a.name for a in node.names]
                for name in names:
                    assert name.split(".")[0] in sys.stdlib_module_names | {"__future__"}, (
                        f"{path.name} line {node.lineno} imports {name}"
                    )


def first_seed(rules_name: str, wanted: Any) -> tuple[int, int]:
    """The first deal seed (dealer 0) with a seat whose hand ``wanted(game, seat)`` likes: (seed, seat)."""
    for seed in range(2000):
        game = Game.new(get_preset(rules_name), seed=seed, dealer=0)
        for seat in range(4):
            if wanted(game, seat):
                return seed, seat
    raise AssertionError("no such deal in 2000 seeds")


def test_a_stille_hochzeit_stays_hidden_from_spectators_and_the_others() -> None:
    seed, holder = first_seed("ddv", lambda game, seat: game.hands[seat].count(Card.KREUZ_DAME) == 2)
    state = TableState(get_preset("ddv"), NAMES, ("rules",) * 4, seed)
    state.start_deal(DealSetup(1, 1, seed, 0, (False,) * 4, None, 1))
    for seat in (1, 2, 3, 0):
        state.apply(seat, Action.GESUND)
    assert view(state, holder)["game_type"]["key"] == "stille_hochzeit"
    for viewer in (None, *(s for s in range(4) if s != holder)):
        data = view(state, viewer)
        assert data["game_type"]["key"] == "normal" and data["declarer"] is None
        assert "Stille Hochzeit" not in json.dumps(data, ensure_ascii=False)


def test_the_armut_cards_are_shown_to_the_poor_player_and_the_taker_only() -> None:
    rules = get_preset("doppelbock")
    seed, poor = first_seed(
        "doppelbock", lambda game, seat: game.normal_trumps(seat) <= rules.armut_max_trumps and seat == 1
    )
    state = TableState(rules, NAMES, ("random", "rules", "random", "rules"), seed)
    state.start_deal(DealSetup(1, 1, seed, 0, (False,) * 4, None, 1))
    armut = Action.vorbehalt(GameType.ARMUT)
    for seat in (1, 2, 3, 0):
        state.apply(seat, armut if seat == poor else Action.GESUND)
    game = state.game
    assert game is not None and game.phase is Phase.ARMUT
    seen_by: set[int] = set()
    while True:
        for viewer in (0, 1, 2, 3, None):
            data = view(state, viewer)
            assert_no_hidden_card(game, data, viewer, ())
            if game.armut_laid and data["armut"] is not None:
                assert data["armut"]["count"] == len(game.armut_laid)
                insider = viewer is not None and viewer in (game.armut_poor, game.armut_taker)
                assert bool(data["armut"]["laid"]) == insider
                if viewer is not None and insider:
                    seen_by.add(viewer)
        if state.finished:
            break
        if Action.ARMUT_TAKE in game.legal_actions():  # the first one asked takes it
            state.apply(game.current_player, Action.ARMUT_TAKE)
            continue
        step = state.decide(range(4))
        assert step is not None
        state.apply(*step)
    assert game.armut_taker is not None and seen_by == {poor, game.armut_taker}
    assert view(state, game.armut_taker)["armut"]["taker"] == game.armut_taker


# -- the stand-in for a person's seat (a rule of the online table: it plays conservatively) ------------------------
def hand_table(
    texts: tuple[str, ...], bots: tuple[str | None, ...], rules_name: str = "ddv", dealer: int = 3
) -> TableState:
    """A table whose deal is the hand-made one of ``texts`` (tests/conftest.py); Anna answers first (dealer 3)."""
    state = TableState(get_preset(rules_name), NAMES, bots, 1)
    state.start_deal(DealSetup(1, 1, 0, dealer, (False,) * 4, None, 1))
    state.game = Game(state.rules, hands(texts), dealer=dealer)
    return state


def test_a_stand_in_says_gesund_where_the_bot_would_play_a_hochzeit() -> None:
    """Anna holds both Kreuz-Damen (HOCHZEIT_HANDS). Her rules player as a bot announces the Hochzeit; standing
    in for Anna, a person, it says gesund (a Stille Hochzeit then, her own game as dealt)."""
    bot = hand_table(HOCHZEIT_HANDS, ("rules",) * 4)
    step = bot.decide(range(4))
    assert step is not None and step[0] == 0 and Action.game_type(step[1]) is GameType.HOCHZEIT
    stand_in = hand_table(HOCHZEIT_HANDS, (None, "rules", "rules", "rules"))
    assert stand_in.decide(range(4)) == (0, Action.GESUND)
    assert stand_in.decide(range(4)) == (0, Action.GESUND)  # the same position, the same answer


def test_a_stand_in_refuses_an_armut_and_passes_in_the_bidding() -> None:
    rules = get_preset("doppelbock")
    seed, _ = first_seed(
        "doppelbock", lambda game, seat: game.normal_trumps(seat) <= rules.armut_max_trumps and seat == 1
    )
    state = TableState(rules, NAMES, ("rules", "rules", None, "rules"), seed)  # Carla is a person
    state.start_deal(DealSetup(1, 1, seed, 0, (False,) * 4, None, 1))
    game = state.game
    assert game is not None
    state.apply(1, Action.vorbehalt(GameType.ARMUT))
    assert state.decide(range(4)) == (2, Action.GESUND)
    for seat in (2, 3, 0):
        state.apply(seat, Action.GESUND)
    while Action.ARMUT_TAKE not in game.legal_actions():  # Ben lays his cards
        state.apply(*state.decide(range(4)))  # type: ignore[misc]
    assert game.current_player == 2 and state.decide(range(4)) == (2, Action.ARMUT_REFUSE)

    bidding = TableState(rules, NAMES, ("rules", None, "rules", "rules"), 5)  # Ben is a person
    bidding.start_deal(DealSetup(1, 1, 5, 0, (False,) * 4, None, 1))
    bidding.apply(1, Action.vorbehalt(GameType.KREUZ))  # Ben asked for a Kreuzsolo, then dropped
    bidding.apply(2, Action.vorbehalt(GameType.DAMEN))
    bidding.apply(3, Action.GESUND)
    bidding.apply(0, Action.GESUND)
    assert bidding.game.phase is Phase.BIDDING  # type: ignore[union-attr]
    bidding.apply(2, Action.BID)  # Carla raises: Ben has to answer
    assert bidding.decide(range(4)) == (1, Action.PASS)


def test_a_stand_in_names_a_solo_when_vorgefuehrt() -> None:
    """Vorführung (TSR 4.2.3): the seat must play its Pflichtsolo now; gesund is not legal, so the stand-in names
    the solo the rules player chooses."""
    deal = DealSetup(1, 1, deal_seed(2, 1), 0, (False,) * 4, 2, 1)
    state = TableState(get_preset("ddv"), NAMES, ("rules", "rules", None, "rules"), 2)
    state.start_deal(deal)
    game = state.game
    assert game is not None and Action.GESUND not in game.legal_actions(2)
    step = state.decide(range(4))
    assert step is not None and step[0] == 2 and Action.game_type(step[1]).is_declared_solo
    as_bot = TableState(get_preset("ddv"), NAMES, ("rules",) * 4, 2)
    as_bot.start_deal(deal)
    assert as_bot.decide(range(4)) == step  # what the rules player itself chooses
    play_out(state)
    assert game.game_type is Action.game_type(step[1]) and game.declarer == 2 and game.pflichtsolo


@pytest.mark.parametrize("rules_name", sorted(PRESETS))
def test_a_stand_in_commits_an_absent_person_to_nothing(rules_name: str) -> None:
    """Anna and Carla are persons whose seats a stand-in plays, Ben and Dirk computer players. Over many deals
    the stand-ins say gesund (a solo only when vorgeführt: none here), never take an Armut, never raise a bid,
    never announce (but where the rules leave nothing else: the Pflichtansage), never claim or give up the rest,
    and play legal cards (the table checks each step) to the end; the bots announce as they like."""
    persons = {0, 2}
    bots: tuple[str | None, ...] = (None, "random", None, "rules")
    stand_in_steps = bot_announcements = 0
    for seed in range(12):
        state = table(rules_name, bots, seed=seed)
        game = state.game
        assert game is not None
        steps = 0
        while not state.finished:
            step = state.decide(range(4))
            assert step is not None
            seat, action = step
            if seat in persons:
                legal = game.legal_actions(seat)
                assert seat == game.current_player, "a stand-in acted out of turn"
                if game.phase is Phase.VORBEHALT:
                    assert action == Action.GESUND
                assert action not in (Action.ARMUT_TAKE, Action.BID, Action.CLAIM, Action.CONCEDE)
                if Action.is_announcement(action):
                    assert all(Action.is_announcement(a) for a in legal), "announced with a card to play"
                stand_in_steps += 1
            elif Action.is_announcement(action):
                bot_announcements += 1
            state.apply(seat, action)
            steps += 1
            assert steps < 400
        assert game.is_terminal and (game.thrown_in or game.score() is not None)
    assert stand_in_steps > 12 * 2 * 5
    assert bot_announcements, "no computer player announced: the bot seats must still play fully"


def test_a_stand_ins_decision_depends_only_on_the_position() -> None:
    state, _ = decisions_along("doppelbock", (None, "random", None, "rules"), 8)
    assert state.finished


# -- the log and the buttons, in the CLI's words ----------------------------------------------------------------
def played(state: TableState, *cards: str) -> None:
    """Play ``cards`` in turn, each by the seat whose turn it is."""
    for text in cards:
        state.apply(state.game.current_player, int(Card.parse(text)))  # type: ignore[union-attr]


def test_the_log_of_a_hand_made_deal() -> None:
    """NORMAL_HANDS, Anna first: all gesund; Anna (♣D) says Re; trick 1 ♣A ♣10 ♣9 ♣K to Anna (25 Augen);
    Ben says Kontra as Anna leads ♠A; trick 2 ♠A ♠10 ♠9 ♠K to Anna (25); trick 3 ♥A ♥K ♥A ♥9 to Anna, the first
    of the equal Aces (26). Then each plays his lowest legal card to the end: every trick line numbered by its
    trick, the last 12 lines kept, and 'game over'."""
    state = hand_table(NORMAL_HANDS, (None,) * 4)
    for seat in range(4):
        state.apply(seat, Action.GESUND)
    state.apply(0, Action.announce(1))
    played(state, "♣A", "♣10", "♣9", "♣K", "♠A")
    state.apply(1, Action.announce(1))
    played(state, "♠10", "♠9", "♠K", "♥A", "♥K", "♥A", "♥9")
    data = view(state, 1)
    assert data["log"] == [
        "Anna: gesund",
        "Ben: gesund",
        "Carla: gesund",
        "Dirk: gesund",
        "Normalspiel",
        "Anna: Re",
        "Trick 1 -> Anna",
        "Ben: Kontra",
        "Trick 2 -> Anna",
        "Trick 3 -> Anna",
    ]
    assert data["phase"] == "play" and data["phase_label"] == "play"
    assert data["announcements"] == [{"seat": 0, "label": "Re"}, {"seat": 1, "label": "Kontra"}]
    game = state.game
    assert game is not None
    while not game.is_terminal:
        state.apply(game.current_player, min(game.legal_actions()))  # cards (0..23) come before announcements
    final = view(state, 3)
    assert final["phase_label"] == "game over"
    # 4 gesund, Normalspiel, Re, Kontra, 12 tricks, game over: 20 lines, the last 12 from trick 2 on
    winners = [NAMES[t.winner] for t in game.tricks]
    assert winners[:3] == ["Anna", "Anna", "Anna"]
    assert final["log"] == [f"Trick {n} -> {winners[n - 1]}" for n in range(2, 13)] + ["game over"]


def test_the_log_shows_the_augen_only_under_own_augen_visible() -> None:
    state = hand_table(NORMAL_HANDS, (None,) * 4)
    state.rules = state.rules.replace(own_augen_visible=True)
    state.game = Game(state.rules, hands(NORMAL_HANDS), dealer=3)
    for seat in range(4):
        state.apply(seat, Action.GESUND)
    played(state, "♣A", "♣10", "♣9", "♣K", "♠A", "♠10", "♠9", "♠K", "♥A", "♥K", "♥A", "♥9")
    assert view(state, 2)["log"][-3:] == [
        "Trick 1 -> Anna (25 Augen)",
        "Trick 2 -> Anna (25 Augen)",
        "Trick 3 -> Anna (26 Augen)",
    ]


def poor_without_schweine(game: Game, seat: int) -> bool:
    """Ben (seat 1) may declare an Armut (doppelbock) and holds at most one Karo-Ass (no Schweine)."""
    rules = get_preset("doppelbock")
    return seat == 1 and game.normal_trumps(1) <= rules.armut_max_trumps and game.hands[1].count(Card.KARO_ASS) < 2


def test_the_armut_in_the_log_and_its_buttons() -> None:
    """Ben (seat 1, asked first) has an Armut: he lays his cards face down, Carla refuses, Dirk takes and gives
    cards back. Buttons: 'lay ♦A', 'take the Armut' / 'refuse', 'give back ♣9'; the log tells it in words."""
    rules = get_preset("doppelbock")
    seed, _ = first_seed("doppelbock", lambda game, seat: poor_without_schweine(game, seat))
    state = TableState(rules, NAMES, (None,) * 4, seed)
    state.start_deal(DealSetup(1, 1, seed, 0, (False,) * 4, None, 1))
    game = state.game
    assert game is not None
    state.apply(1, Action.vorbehalt(GameType.ARMUT))
    for seat in (2, 3, 0):
        state.apply(seat, Action.GESUND)
    assert view(state, 0)["phase_label"] == "Armut"
    laid = 0
    while Action.ARMUT_TAKE not in game.legal_actions():
        lays = [a for a in game.legal_actions(1) if Action.is_armut_lay(a)]
        buttons = [b for b in view(state, 1)["actions"] if b["kind"] == "armut"]
        assert [b["label"] for b in buttons] == [f"lay {Action.card_of(a).symbol}" for a in lays]
        state.apply(1, lays[0])
        laid += 1
    assert [(b["label"], b["action"]) for b in view(state, 2)["actions"]] == [
        ("take the Armut", Action.ARMUT_TAKE),
        ("refuse", Action.ARMUT_REFUSE),
    ]
    state.apply(2, Action.ARMUT_REFUSE)
    state.apply(3, Action.ARMUT_TAKE)
    returns = [a for a in game.legal_actions(3) if Action.is_armut_return(a)]
    assert returns
    labels = [b["label"] for b in view(state, 3)["actions"]]
    assert labels == [f"give back {Action.card_of(a).symbol}" for a in returns]
    log = view(state, 0)["log"]
    assert log == [
        "Ben: Vorbehalt",
        "Carla: gesund",
        "Dirk: gesund",
        "Anna: gesund",
        "Ben: Armut",
        f"Ben lays {laid} cards face down (Armut)",
        "Carla refuses the Armut",
        "Dirk takes the Armut",
    ]


def test_an_armut_nobody_takes_is_thrown_in() -> None:
    rules = get_preset("doppelbock")  # armut_none = "redeal"
    seed, _ = first_seed("doppelbock", lambda game, seat: poor_without_schweine(game, seat))
    state = TableState(rules, NAMES, (None,) * 4, seed)
    state.start_deal(DealSetup(1, 1, seed, 0, (False,) * 4, None, 1))
    game = state.game
    assert game is not None
    state.apply(1, Action.vorbehalt(GameType.ARMUT))
    for seat in (2, 3, 0):
        state.apply(seat, Action.GESUND)
    while not game.is_terminal:
        legal = game.legal_actions()
        state.apply(game.current_player, Action.ARMUT_REFUSE if Action.ARMUT_REFUSE in legal else legal[0])
    data = view(state, 2)
    assert state.thrown_in and data["log"][-4:] == [
        "Carla refuses the Armut",
        "Dirk refuses the Armut",
        "Anna refuses the Armut",
        "thrown in: the same dealer deals again",
    ]
    assert data["phase_label"] == "game over"


def test_the_bidding_in_the_log_and_its_buttons() -> None:
    state = TableState(get_preset("doppelbock"), NAMES, (None,) * 4, 5)
    state.start_deal(DealSetup(1, 1, 5, 0, (False,) * 4, None, 1))
    state.apply(1, Action.vorbehalt(GameType.KREUZ))
    state.apply(2, Action.vorbehalt(GameType.DAMEN))
    state.apply(3, Action.GESUND)
    state.apply(0, Action.GESUND)
    data = view(state, 2)
    assert data["phase_label"] == "bidding"
    assert [(b["label"], b["kind"]) for b in data["actions"]] == [("raise", "bid"), ("pass", "bid")]
    state.apply(2, Action.BID)
    state.apply(1, Action.PASS)
    log = view(state, 0)["log"]
    assert log[4:7] == ["Carla raises", "Ben passes", "Carla plays Damensolo"]


def test_the_claim_button_and_line() -> None:
    """Under 'ohne-neunen' anyone may claim the rest (rule claim 'anyone'): the button says what it does, the
    log what came of it."""
    state = TableState(get_preset("ohne-neunen"), NAMES, (None,) * 4, 3)
    state.start_deal(setup(3, dealer=3))
    game = state.game
    assert game is not None
    for seat in range(4):
        state.apply(seat, Action.GESUND)
    seat = game.current_player
    claim = [b for b in view(state, seat)["actions"] if b["kind"] == "claim"]
    assert claim == [
        {"action": Action.CLAIM, "label": "claim the rest (Spielabkürzung)", "kind": "claim", "solo": False}
    ]
    state.apply(seat, Action.CLAIM)
    held = game.claim_holds(seat) if game.claim is None else game.claim[1]
    outcome = "it holds" if held else "it fails, the rest goes to the other party"
    assert view(state, 0)["log"][-2:] == [f"{NAMES[seat]} claims the rest (Spielabkürzung): {outcome}", "game over"]


def test_a_record_error_shows_the_games_own_punkte() -> None:
    """The Liste refused the finished game's entry: the view says why and shows the game's own Punkte, even
    where a row of that number is on the Liste."""
    state = table(seed=3)
    play_out(state)
    game = state.game
    assert game is not None and not game.thrown_in
    builder = ListeBuilder(state.rules, NAMES)
    entry = state.entry()
    assert entry is not None
    builder.add(entry)
    normal = seat_view(state, 0, table=TABLE, seats=SEATS, liste=builder.liste())
    assert normal["record_error"] is None and normal["result"]["record_error"] is None
    assert normal["result"]["multiplier"] == 1
    refused = seat_view(state, 0, table=TABLE, seats=SEATS, liste=builder.liste(), record_error="re: unknown name")
    assert refused["record_error"] == "re: unknown name" == refused["result"]["record_error"]
    assert refused["result"]["points"] == list(game.score().points) and refused["result"]["multiplier"] is None
    assert view(TableState(get_preset("ddv"), NAMES, ("rules",) * 4, 1), 0)["record_error"] is None
