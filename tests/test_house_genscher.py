"""The Genscher, FreeDoko's Schweine variants and the tricks a seat may look at again (issue 26), each in a
named situation worked by hand.

The deal of every test (dealer Dirk, seat 3: Anna, seat 0, leads the first trick):

* Anna (0): both Karo-Asse, both Karo-Könige, a Kreuz-Dame, both Kreuz-Asse, both Pik-Asse, both Herz-Asse,
  a Karo-10;
* Ben (1): the other Kreuz-Dame, both Pik-Damen, both Herz-Damen, both Kreuz-, Pik- and Herz-Buben, a
  Karo-Bube;
* Carla (2): both Herz-10 (Dullen), a Karo-10, both Karo-Damen, both Karo-Neunen, both Kreuz-10, both
  Kreuz-Könige, a Karo-Bube;
* Dirk (3): both Kreuz-, Pik- and Herz-Neunen, both Pik-10, Pik-Könige, Herz-Könige (no trump at all).

By the Kreuz-Damen, Anna and Ben are Re, Carla and Dirk Kontra.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from doppelkopf.cards import Card
from doppelkopf.game import Action, Game, IllegalAction
from doppelkopf.i18n import translator
from doppelkopf.interactive import HumanPlayer, parse_genscher
from doppelkopf.moves import Announcement
from doppelkopf.online import DealSetup, TableState, deal_seed, seat_view
from doppelkopf.players import RandomPlayer, RuleBasedPlayer, play_game
from doppelkopf.record import format as records
from doppelkopf.record.view import trick_lines
from doppelkopf.rules import DDV, GameType, Party, RuleSet

C = Card
ANNA: list[Card] = [C.KARO_ASS] * 2 + [C.KARO_KOENIG] * 2 + [C.KREUZ_DAME, C.KARO_ZEHN]
ANNA += [C.KREUZ_ASS] * 2 + [C.PIK_ASS] * 2 + [C.HERZ_ASS] * 2
BEN: list[Card] = [C.KREUZ_DAME, C.KARO_BUBE] + [C.PIK_DAME] * 2 + [C.HERZ_DAME] * 2
BEN += [C.KREUZ_BUBE] * 2 + [C.PIK_BUBE] * 2 + [C.HERZ_BUBE] * 2
CARLA: list[Card] = [C.HERZ_ZEHN] * 2 + [C.KARO_ZEHN, C.KARO_BUBE] + [C.KARO_DAME] * 2 + [C.KARO_NEUN] * 2
CARLA += [C.KREUZ_ZEHN] * 2 + [C.KREUZ_KOENIG] * 2
DIRK: list[Card] = [c for c in (C.KREUZ_NEUN, C.PIK_NEUN, C.HERZ_NEUN, C.PIK_ZEHN, C.PIK_KOENIG, C.HERZ_KOENIG)] * 2
HANDS = [ANNA, BEN, CARLA, DIRK]
NAMES = ["Anna", "Ben", "Carla", "Dirk"]
RE, KONTRA = Party.RE, Party.KONTRA
GENSCHER = replace(DDV, genscher=True)


def started(rules: RuleSet, hands: list[list[Card]] = HANDS, answers: tuple[int, ...] = (Action.GESUND,) * 4) -> Game:
    game = Game(rules, hands, dealer=3)
    for answer in answers:
        game.apply(answer)
    return game


def play(game: Game, *cards: Card) -> None:
    for card in cards:
        game.apply(int(card))


# -- the Genscher ------------------------------------------------------------------------------------------
def test_the_genscher_is_offered_with_the_first_karo_koenig_and_forms_the_parties_anew() -> None:
    """FreeDoko, rule 'Genscher': "if a player has both diamond kings, he can decide with whom he builds a team
    when he is playing the first diamond king". Anna leads and holds both: she may name Ben, Carla or Dirk (not
    herself); she names Carla: Anna and Carla are Re, Ben (with the other Kreuz-Dame) and Dirk Kontra, and
    everybody knows it at once. Her next card must be the Karo-König."""
    game = started(GENSCHER)
    legal = game.legal_actions()
    assert [a for a in legal if Action.is_genscher(a)] == [Action.genscher(1), Action.genscher(2), Action.genscher(3)]
    assert game.party == [RE, RE, KONTRA, KONTRA]
    game.apply(Action.genscher(2))
    assert game.party == [RE, KONTRA, RE, KONTRA]
    assert [a for a in game.legal_actions() if Action.is_card(a)] == [int(C.KARO_KOENIG)]
    with pytest.raises(IllegalAction, match="Genscher"):
        game.apply(int(C.KREUZ_ASS))
    play(game, C.KARO_KOENIG)
    assert not any(Action.is_genscher(a) for a in game.legal_actions(0))  # one Karo-König left: no second Genscher
    for seat in range(4):
        info = game.information_state(seat)
        assert info.known_parties == (RE, KONTRA, RE, KONTRA)
        assert info.genscher == (0, 2)


def test_a_genscher_game_is_scored_for_the_new_parties() -> None:
    """The game is a normal one of the parties the Genscher formed: Re's Augen are those of the tricks Anna
    and Carla won, whoever holds the Kreuz-Damen."""
    game = started(GENSCHER)
    game.apply(Action.genscher(2))
    while not game.is_terminal:
        game.apply(min(a for a in game.legal_actions() if Action.is_card(a)))
    summary = game.summary()
    assert summary.re_seats == frozenset({0, 2})
    assert summary.game_type is GameType.NORMAL
    assert summary.augen_re == sum(t.augen for t in game.tricks if t.winner in (0, 2))
    again = Game.replay(GENSCHER, HANDS, 3, game.history)  # the history reproduces the Genscher
    assert again.party == game.party and again.score() == game.score()
    stored = records.from_json(records.to_json(records.record_game(game)))  # and so does a stored record
    assert "genscher:2" in records.to_json(stored)
    assert records.replay(stored).party == game.party
    # the replay says it in the first trick, before Anna's Karo-König, in the reader's language
    first = next(line for line in trick_lines(game, NAMES) if line.startswith("Trick 1:"))
    assert first.startswith("Trick 1: Anna: Genscher with Carla!, Anna ")
    german = translator("de").gettext
    assert "Anna: Genscher mit Carla!" in " ".join(trick_lines(game, NAMES, translate=german))


def test_the_genscher_cuts_the_announcements_back_to_re_and_kontra() -> None:
    """FreeDoko (Game::check_for_genscher: "remove all announcement but 're' and 'contra'"): Ben said Re and
    keine 90, Dirk Kontra; after Anna's Genscher with Carla, Ben is Kontra: his calls become one Kontra, Dirk's
    Kontra stays; Re has announced nothing (level 0), Kontra has its Ansage (level 1) and may go on."""
    game = started(GENSCHER)
    game.apply(Action.announce(1), seat=1)
    game.apply(Action.announce(2), seat=1)
    game.apply(Action.announce(1), seat=3)
    assert game.levels == [2, 1]
    game.apply(Action.genscher(2))
    assert game.levels == [0, 1]
    assert game.announcements == [Announcement(1, KONTRA, 1, 12), Announcement(3, KONTRA, 1, 12)]
    assert Action.announce(2) in game.legal_actions(3)  # Kontra may say keine 90 now
    assert Action.announce(1) in game.legal_actions(2)  # Carla may say Re


def test_the_genscher_may_keep_the_partner_or_be_left_out() -> None:
    """He may name the partner he had (Ben): the parties stay and become public. Or he plays the Karo-König
    without naming anybody: no Genscher, and none later with a single Karo-König."""
    game = started(GENSCHER)
    game.apply(Action.genscher(1))
    assert game.party == [RE, RE, KONTRA, KONTRA]
    assert game.known_parties() == (RE, RE, KONTRA, KONTRA)
    game = started(GENSCHER)
    play(game, C.KARO_KOENIG)
    assert game.genscher is None and game.party == [RE, RE, KONTRA, KONTRA]
    assert game.known_parties() == (None, None, None, None)


def test_no_genscher_where_it_does_not_apply() -> None:
    """Off by default (TSR: no Genscher); not in a solo (FreeDoko: the normal game only); not when Bedienpflicht
    forbids the Karo-König (Dirk leads Pik: Anna must play a Pik-Ass); not naming oneself."""
    assert not any(Action.is_genscher(a) for a in started(DDV).legal_actions())
    solo = started(GENSCHER, answers=(Action.vorbehalt(GameType.KREUZ),) + (Action.GESUND,) * 3)
    assert solo.game_type is GameType.KREUZ
    while solo.current_player != 0:
        solo.apply(solo.legal_actions()[0])
    assert not any(Action.is_genscher(a) for a in solo.legal_actions())
    game = Game(GENSCHER, HANDS, dealer=2)  # Dirk leads, Anna plays second
    for _ in range(4):
        game.apply(Action.GESUND)
    play(game, C.PIK_ZEHN)
    assert game.current_player == 0
    assert not any(Action.is_genscher(a) for a in game.legal_actions())
    game = started(GENSCHER)
    with pytest.raises(IllegalAction, match="Genscher"):
        game.apply(Action.genscher(0))


def test_the_genscher_action_has_a_record_key() -> None:
    assert Action.key(Action.genscher(2)) == "genscher:2"
    assert Action.from_key("genscher:3") == Action.genscher(3)
    with pytest.raises(IllegalAction):
        Action.from_key("genscher:4")


@pytest.mark.parametrize("player", [RuleBasedPlayer, RandomPlayer])
def test_the_computer_players_play_a_genscher_deal(player: type) -> None:
    """The rules player names a partner with its first Karo-König; the random player half of the time; the
    game ends and replays the same."""
    rules = replace(
        GENSCHER, solo_types=(), pflichtsolo=False
    )  # no solo: Anna's hand would make the rules player play one
    done = play_game(Game(rules, HANDS, dealer=3), [player(seed) for seed in range(4)])
    assert done.is_terminal
    if player is RuleBasedPlayer:
        assert done.genscher == 0  # it names a partner with its first Karo-König
    again = Game.replay(rules, HANDS, 3, done.history)
    assert again.score() == done.score()


def test_the_cli_names_the_partner() -> None:
    """``genscher carla`` (or her number 3) in the CLI; a name that is no partner is told the choices."""
    info = started(GENSCHER).information_state(0)
    assert parse_genscher("carla", info, NAMES) == Action.genscher(2)
    assert parse_genscher("3", info, NAMES) == Action.genscher(2)
    with pytest.raises(ValueError, match="genscher ben"):
        parse_genscher("anna", info, NAMES)


def table_with(game: Game) -> TableState:
    state = TableState(game.rules, NAMES, ("rules",) * 4, 1)
    state.start_deal(DealSetup(1, 1, deal_seed(1, 1), 3, (False, False, False, False), None, 1))
    state.game = game
    return state


def view(state: TableState, seat: int | None) -> dict[str, Any]:
    seats = [{"name": n, "connected": True} for n in NAMES]
    table = {"id": 1, "name": "T", "status": "playing", "rules_name": "x", "host": False}
    return seat_view(state, seat, table=table, seats=seats, liste=None)


def test_the_online_table_offers_the_genscher_and_tells_everybody() -> None:
    game = started(GENSCHER)
    state = table_with(game)
    buttons = [a for a in view(state, 0)["actions"] if a["kind"] == "genscher"]
    assert [b["label"] for b in buttons] == ["Genscher with Ben", "Genscher with Carla", "Genscher with Dirk"]
    game.apply(Action.genscher(2))
    for seat in (0, 1, 3, None):
        shown = view(state, seat)
        assert shown["genscher"] == {"seat": 0, "partner": 2}
        assert [s["party"] for s in shown["seats"]] == ["re", "kontra", "re", "kontra"]
    assert "Anna: Genscher with Carla" in view(state, 3)["log"]


# -- the tricks that may be looked at again -------------------------------------------------------------------
def three_tricks(rules: RuleSet) -> Game:
    """The deal played with the lowest legal card each (Anna leads a Kreuz-Ass): three tricks finished."""
    game = started(rules)
    while len(game.tricks) < 3:
        game.apply(min(a for a in game.legal_actions() if Action.is_card(a)))
    return game


def test_the_online_table_shows_the_last_tricks_as_the_rule_allows() -> None:
    """TSR 8 (default 1): only the last trick; tricks_visible = 2 (FreeDoko, rule 'show tricks number'):
    trick 3 as the last one and trick 2 before it, never trick 1; 0: none."""
    one = view(table_with(three_tricks(DDV)), 1)
    assert one["last_trick"]["winner"] == three_tricks(DDV).tricks[2].winner and one["earlier_tricks"] == []
    game = three_tricks(replace(DDV, tricks_visible=2))
    two = view(table_with(game), 1)
    assert [c["card"] for c in two["last_trick"]["cards"]] == list(game.tricks[2].cards)
    assert [t["number"] for t in two["earlier_tricks"]] == [2]
    assert [c["card"] for c in two["earlier_tricks"][0]["cards"]] == list(game.tricks[1].cards)
    none = view(table_with(three_tricks(replace(DDV, tricks_visible=0))), None)
    assert none["last_trick"] is None and none["earlier_tricks"] == []


class _Console:
    def __init__(self) -> None:
        self.lines: list[str] = []

    def print(self, *items: object, **_: object) -> None:
        self.lines.append(" ".join(str(i) for i in items))


def test_the_cli_looks_back_as_far_as_the_rule_allows() -> None:
    game = three_tricks(replace(DDV, tricks_visible=2))
    console = _Console()
    player = HumanPlayer(console, NAMES)  # type: ignore[arg-type]
    player.show_last_trick(game.information_state(0))
    text = "\n".join(console.lines)
    assert "Trick 2:" in text and "Last trick (3)" in text and "Trick 1:" not in text
    console.lines.clear()
    player.show_last_trick(three_tricks(replace(DDV, tricks_visible=0)).information_state(0))
    assert "tricks_visible = 0" in console.lines[0]


# -- the Schweine variants ----------------------------------------------------------------------------------
SCHWEINE = replace(DDV, schweine="on", schweine_announce="vorbehalt")


def test_only_the_second_karo_ass_is_a_schwein_once_the_first_is_home() -> None:
    """FreeDoko SWINE_ONLY_SECOND ("when the first diamond ace is home, the second becomes a Schwein"): Anna
    leads her first Karo-Ass as a plain Fuchs; Ben (her Re partner) takes it with the Kreuz-Dame, Carla adds a
    Karo-Neun, Dirk a Pik-Neun: home. Then Ben leads a Herz-Dame, Carla a Dulle, Dirk a Pik-Neun, Anna her second
    Karo-Ass: now a Schwein, above the Dulle, it wins."""
    game = started(replace(SCHWEINE, schweine_only_second=True))
    assert game.schweine is None and game.schweine_pending == 0
    play(game, C.KARO_ASS, C.KREUZ_DAME, C.KARO_NEUN, C.PIK_NEUN)
    assert game.tricks[0].winner == 1 and game.schweine == 0
    play(game, C.HERZ_DAME, C.HERZ_ZEHN, C.PIK_NEUN, C.KARO_ASS)
    assert game.tricks[1].winner == 0


def test_a_caught_first_fuchs_leaves_no_schwein() -> None:
    """The same, but Ben plays his Karo-Bube and Carla takes the Fuchs with a Dulle: no Schwein; Carla leads the
    second Dulle, Anna's second Karo-Ass is a plain Fuchs and loses."""
    game = started(replace(SCHWEINE, schweine_only_second=True))
    play(game, C.KARO_ASS, C.KARO_BUBE, C.HERZ_ZEHN, C.PIK_NEUN)
    assert game.tricks[0].winner == 2 and game.schweine is None and game.schweine_pending is None
    play(game, C.HERZ_ZEHN, C.PIK_NEUN, C.KARO_ASS, C.HERZ_DAME)
    assert game.tricks[1].winner == 2


SUPER = replace(DDV, schweine="on", schweine_announce="vorbehalt", superschweine=True)
#: Anna with both Karo-Neunen too (Carla gets both Kreuz-Asse instead).
JOINT = [
    [c for c in ANNA if c != C.KREUZ_ASS] + [C.KARO_NEUN] * 2,
    BEN,
    [c for c in CARLA if c != C.KARO_NEUN] + [C.KREUZ_ASS] * 2,
    DIRK,
]


def test_the_superschweine_become_public_as_the_rule_says() -> None:
    """Seed 002 (first_play): Carla's Superschweine are public when she plays a Karo-Neun; FreeDoko
    HYPERSWINES_ANNOUNCEMENT_BEGIN (vorbehalt): at the start, Dirk knows them at once."""
    assert started(SUPER).information_state(3).superschweine is None
    assert started(SUPER).information_state(2).superschweine == 2  # the holder knows
    assert started(replace(SUPER, superschweine_announce="vorbehalt")).information_state(3).superschweine == 2


def test_the_schweine_holder_has_no_superschweine_where_they_are_not_joint() -> None:
    """Seed 002 names no exception (true): Anna holds both Karo-Asse and both Karo-Neunen, she has both. FreeDoko
    SWINES_AND_HYPERSWINES_JOINT off (false): her Karo-Neunen are no Superschweine."""
    joint = started(SUPER, JOINT)
    assert joint.schweine == 0 and joint.superschweine == 0
    apart = started(replace(SUPER, schweine_with_superschweine=False), JOINT)
    assert apart.schweine == 0 and apart.superschweine is None


def test_no_superschweine_in_a_solo_left_out() -> None:
    """FreeDoko HYPERSWINES_IN_SOLO off: in Anna's Karo-Solo the Schweine count (schweine_games has karo), but
    with superschweine_games without karo Carla's Karo-Neunen are no Superschweine."""
    rules = replace(SUPER, schweine_games=("normal", "karo"))
    karo = (Action.vorbehalt(GameType.KARO),) + (Action.GESUND,) * 3
    assert started(rules, answers=karo).superschweine == 2
    left_out = started(replace(rules, superschweine_games=("normal",)), answers=karo)
    assert left_out.schweine == 0 and left_out.superschweine is None


def test_the_kernel_refuses_the_new_options() -> None:
    from doppelkopf.fast.tables import KernelUnsupported, check_supported

    for rules in (
        GENSCHER,
        replace(SCHWEINE, schweine_only_second=True),
        replace(SUPER, superschweine_announce="vorbehalt"),
        replace(SUPER, schweine_with_superschweine=False),
        replace(SUPER, superschweine_games=("normal",)),
    ):
        with pytest.raises(KernelUnsupported, match="not mirrored"):
            check_supported(rules)
    check_supported(replace(DDV, tricks_visible=3))  # display only


def test_a_stille_hochzeit_looks_normal_to_the_genscher() -> None:
    """Ben holds both Kreuz-Damen (a Stille Hochzeit: he plays alone, TSR 5.5.1); Anna, who cannot know it, is
    offered the Genscher as in a normal game; she names Carla: the game is the normal game of Anna and Carla
    against Ben and Dirk (the Stille Hochzeit's player knows his game and is never offered one in it)."""
    # Ben gets Anna's Kreuz-Dame for his Karo-Bube; Anna gets one of Dirk's Kreuz-Neunen, Dirk the Karo-Bube
    hands = [
        [c for c in ANNA if c != C.KREUZ_DAME] + [C.KREUZ_NEUN],
        [C.KREUZ_DAME, C.KREUZ_DAME] + [c for c in BEN if c not in (C.KREUZ_DAME, C.KARO_BUBE)],
        CARLA,
        [c for c in DIRK if c != C.KREUZ_NEUN] + [C.KREUZ_NEUN, C.KARO_BUBE],
    ]
    game = started(GENSCHER, hands)
    assert game.game_type is GameType.STILLE_HOCHZEIT and game.declarer == 1
    assert Action.genscher(2) in game.legal_actions()
    game.apply(Action.genscher(2))
    assert game.game_type is GameType.NORMAL and game.declarer is None
    assert game.party == [RE, KONTRA, RE, KONTRA]
