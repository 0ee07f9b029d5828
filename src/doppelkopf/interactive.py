"""The human player of ``doko play``: shows the information state in the terminal and reads moves.

It sees exactly what a :class:`~doppelkopf.players.Player` sees (the information state) and answers with
one of the legal actions. Every decision of the rule set can be typed: the Vorbehalt (gesund, a solo,
Hochzeit with the trick that finds the partner, Schmeissen, Armut), the Armut exchange (take or
refuse, the cards to lay or to give back by their number or notation), the bidding for a solo
(raise or pass), and in play a card, an announcement, the Schweine or the claim of the rest. The
prompt lists the options; bad input gets a one-line message and a new prompt. What is legal always
comes from ``info.legal_actions``; the words only pick among those actions.

As the game goes on (:meth:`HumanPlayer.follow`, the ``on_event`` handler of the runner), the
computer players' cards and announcements are shown one by one, each ``pace`` seconds after the
one before, and every finished trick with its winner; ``letzter`` shows the last trick again. In an
Armut (:meth:`HumanPlayer.observe`) the answers are shown as they come and, when the exchange is
over, what went each way: the cards only to the poor player and the taker, the count to the others.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import Any

import click
from rich.console import Console
from rich.text import Text

from .cards import Card, CardError
from .game import Action, InformationState, Phase, Trick
from .order import dulle_rule_says_second, winner_index
from .players import Player
from .rules import GameType, Party, RuleSet, level_label
from .textutil import plural

_LEVEL_WORDS = {
    "re": 1,
    "kontra": 1,
    "contra": 1,
    "k90": 2,
    "keine90": 2,
    "90": 2,
    "k60": 3,
    "keine60": 3,
    "60": 3,
    "k30": 4,
    "keine30": 4,
    "30": 4,
    "schwarz": 5,
}

#: What to type for each Hochzeit kind (rule ``hochzeit_partner = "choice"``), and the words read.
HOCHZEIT_WORDS = {"first_foreign": "fremd", "first_fehl": "fehl", "first_trump": "trumpf"}
_HOCHZEIT_ALIASES = {
    "fremd": "first_foreign",
    "foreign": "first_foreign",
    "firstforeign": "first_foreign",
    "fehl": "first_fehl",
    "firstfehl": "first_fehl",
    "trumpf": "first_trump",
    "trump": "first_trump",
    "firsttrump": "first_trump",
}
_SCHMEISSEN_WORDS = ("schmeissen", "schmeißen", "werfen", "schmeiss", "schmeiß")
_TAKE_WORDS = ("take", "nehmen", "nehme", "ja", "j", "yes", "y")
_REFUSE_WORDS = ("refuse", "nein", "n", "no", "ablehnen", "weiter")
_BID_WORDS = ("raise", "bid", "reizen", "höher", "hoeher", "ja", "j", "yes", "y")
_PASS_WORDS = ("pass", "passe", "nein", "n", "no")
_SCHWEINE_WORDS = ("schweine", "schwein", "schweinchen")
_CLAIM_WORDS = ("claim", "rest", "abkürzen", "abkuerzen", "spielabkürzung", "spielabkuerzung")
_CONCEDE_WORDS = ("concede", "aufgeben", "abgeben")
#: Words that show the last finished trick again (they are no move).
LAST_TRICK_WORDS = ("letzter", "letzterstich", "last", "lasttrick")
_HELP_WORDS = ("?", "help", "hilfe")

HELP = (
    "Card: its number in your hand, or suit and rank such as KrD, ♥10, PiA, KaK (Kr/Pi/He/Ka or ♣♠♥♦). "
    "Announcements: re, kontra, keine 90 (k90), keine 60, keine 30, schwarz. "
    "In play also: schweine, claim (the rest), concede (a soloist gives the rest away); "
    "letzter (or last) shows the last trick again. "
    "Vorbehalt: gesund, hochzeit (where the rules let you name the trick that finds the partner: "
    "hochzeit fehl, hochzeit trumpf, hochzeit fremd; a bare hochzeit takes the first the rules list), "
    "a solo (kreuz, pik, herz, karo, damen, buben, bubendamen, fleischlos), schmeissen, armut; "
    "the prompt lists those your rules and hand allow. "
    "Armut: take or refuse; lay or give back a card by number or notation. Bidding: raise or pass."
)


def vorbehalt_word(action: int) -> str:
    """What to type for the Vorbehalt answer ``action`` (shown in the prompt)."""
    if action == Action.GESUND:
        return "gesund"
    if action == Action.SCHMEISSEN:
        return "schmeissen"
    kind = Action.hochzeit_kind(action)
    if kind is not None:
        return f"hochzeit {HOCHZEIT_WORDS[kind]}"
    return Action.game_type(action).key


def _offered_hochzeit(info: InformationState) -> dict[str | None, int]:
    """The Hochzeit answers among ``info.legal_actions`` by the trick kind they name (``None``: the
    rules name it), in the order of ``rules.hochzeit_choices``."""
    offered = {
        Action.hochzeit_kind(a): a
        for a in info.legal_actions
        if Action.is_vorbehalt(a) and Action.game_type(a) is GameType.HOCHZEIT
    }
    rank: dict[str, int] = {kind: i for i, kind in enumerate(info.rules.hochzeit_choices)}
    return dict(sorted(offered.items(), key=lambda item: rank.get(item[0] or "", -1)))


def vorbehalt_choices(info: InformationState) -> list[str]:
    """What may be typed now in the Vorbehaltsabfrage, from ``info.legal_actions`` alone: the words
    of :func:`vorbehalt_word`; of several Hochzeit kinds the one a bare ``hochzeit`` takes comes
    first, written ``hochzeit [fehl]``."""
    hochzeit = _offered_hochzeit(info)
    words = []
    for action in info.legal_actions:
        if action in hochzeit.values():
            continue
        words.append(vorbehalt_word(action))
    for i, action in enumerate(hochzeit.values()):
        word = vorbehalt_word(action)
        if i == 0 and len(hochzeit) > 1:
            word = word.replace("hochzeit ", "hochzeit [", 1) + "]"
        words.append(word)
    return words


def parse_move(text: str, info: InformationState, shown: Sequence[int]) -> int:
    """Turn typed text into one of ``info.legal_actions``; raises ValueError with a one-line reason.

    ``shown`` is the hand as listed on screen (numbers 1..n pick from it).
    """
    raw = text.strip()
    word = raw.lower()
    for char in " -_:[]":
        word = word.replace(char, "")
    if not word:
        raise ValueError("nothing typed; '?' shows help")
    if info.phase is Phase.VORBEHALT:
        return _parse_vorbehalt(raw, word, info)
    if info.phase is Phase.ARMUT:
        return _parse_armut(raw, word, info, shown)
    if info.phase is Phase.BIDDING:
        return _parse_bid(raw, word, info)
    if info.phase is Phase.CONCESSION and word in _PASS_WORDS:
        return Action.PASS
    return _parse_play(raw, word, info, shown)


def _parse_vorbehalt(raw: str, word: str, info: InformationState) -> int:
    legal = info.legal_actions
    if word in ("g", "gesund"):
        if Action.GESUND in legal:
            return Action.GESUND
        raise ValueError("you must play your Pflichtsolo now (vorgeführt, TSR 4.2.3): name a solo")
    if word in _SCHMEISSEN_WORDS:
        if Action.SCHMEISSEN in legal:
            return Action.SCHMEISSEN
        reasons = ", ".join(info.rules.schmeissen)
        if not reasons:
            raise ValueError("Schmeissen is not allowed under these rules (rule schmeissen)")
        raise ValueError(f"your hand may not be thrown in (rule schmeissen: {reasons})")
    if word.startswith("hochzeit"):
        return _parse_hochzeit(raw, word.removeprefix("hochzeit"), info)
    word = word.removeprefix("solo")
    try:
        game_type = GameType.parse(word)
    except ValueError:
        raise ValueError(f"{raw!r}: answer {_or(vorbehalt_choices(info))}") from None
    if game_type is GameType.HOCHZEIT:
        return _parse_hochzeit(raw, "", info)
    action = Action.vorbehalt(game_type)
    if action in legal:
        return action
    if game_type is GameType.ARMUT:
        if not info.rules.armut:
            raise ValueError("Armut is not played under these rules (rule armut)")
        raise ValueError(
            f"Armut needs at most {plural(info.rules.armut_max_trumps, 'trump')} in your hand (rule armut_max_trumps)"
        )
    if game_type is GameType.STILLE_HOCHZEIT:
        raise ValueError("a Stille Hochzeit is no Vorbehalt: with both Kreuz-Damen say gesund (TSR 4.4.5)")
    raise ValueError(f"{raw!r} is not allowed under these rules; answer {_or(vorbehalt_choices(info))}")


def _or(words: Sequence[str]) -> str:
    """``a, b or c``."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _parse_hochzeit(raw: str, rest: str, info: InformationState) -> int:
    """A Hochzeit answer; a bare ``hochzeit`` takes the first kind of ``rules.hochzeit_choices``
    among the legal answers (seed 002, Hochzeit: "Wenn nichts anderes gesagt ist ... der erste
    Fehlfarben-Stich")."""
    choices = _offered_hochzeit(info)
    if not choices:
        raise ValueError("Hochzeit needs both Kreuz-Damen")
    if rest == "":
        return next(iter(choices.values()))
    kind = _HOCHZEIT_ALIASES.get(rest)
    named = [f"hochzeit {HOCHZEIT_WORDS[k]}" for k in choices if k is not None]
    if kind is None:
        raise ValueError(f"{raw!r}: say hochzeit" + (f" or name the trick: {_or(named)}" if named else ""))
    if kind in choices:
        return choices[kind]
    if None in choices:
        raise ValueError("these rules name the trick that finds the partner themselves: say hochzeit")
    raise ValueError(f"{raw!r} is not allowed under these rules; choose {_or(named)}")


def _parse_bid(raw: str, word: str, info: InformationState) -> int:
    if word in _BID_WORDS:
        if Action.BID in info.legal_actions:
            return Action.BID
        raise ValueError("the bid is already schwarz: pass")
    if word in _PASS_WORDS:
        return Action.PASS
    raise ValueError(f"{raw!r}: the bidding for the solo is on, answer raise or pass")


def _parse_armut(raw: str, word: str, info: InformationState, shown: Sequence[int]) -> int:
    legal = info.legal_actions
    if Action.ARMUT_TAKE in legal:
        if word in _TAKE_WORDS:
            return Action.ARMUT_TAKE
        if word in _REFUSE_WORDS:
            return Action.ARMUT_REFUSE
        raise ValueError(f"{raw!r}: answer take or refuse (the Armut is offered to you)")
    card = _card(raw, word, info, shown)
    if any(Action.is_armut_lay(a) for a in legal):
        action = Action.armut_lay(card)
        if action not in legal:
            raise ValueError(
                f"{Card(card).symbol}: lay your trumps first (all trumps go face down in an Armut; "
                "seed 002, Gibt es Vorbehalte?)"
            )
        return action
    action = Action.armut_return(card)
    if action not in legal:
        raise ValueError(
            f"{Card(card).symbol} cannot be given back now (the Schweine stay together; seed 002, Sonderkarten)"
        )
    return action


def _parse_play(raw: str, word: str, info: InformationState, shown: Sequence[int]) -> int:
    legal = info.legal_actions
    if word in _SCHWEINE_WORDS:
        if Action.SCHWEINE in legal:
            return Action.SCHWEINE
        raise ValueError("no Schweine to announce now (both Karo-Asse, before the first is played)")
    if word in _CLAIM_WORDS:
        if Action.CLAIM in legal:
            return Action.CLAIM
        if info.rules.claim == "none":
            raise ValueError("claiming the rest is not allowed under these rules (rule claim)")
        raise ValueError(f"you may not claim the rest now (rule claim = {info.rules.claim})")
    if word in _CONCEDE_WORDS:
        if Action.CONCEDE in legal:
            return Action.CONCEDE
        raise ValueError(f"only the soloist may give up the rest (rule concede = {info.rules.concede}, TSR 5.4.6)")
    if word in _LEVEL_WORDS:
        level = _LEVEL_WORDS[word]
        own = info.own_party
        if (
            level == 1
            and own is not None
            and word[0] != own.label[0].lower()
            and not (word[0] == "c" and own.label[0] == "K")
        ):
            raise ValueError(f"you are {own.label}: your Ansage is {own.label.lower()}")
        action = Action.announce(level)
        if action not in legal:
            raise ValueError(_why_no_announcement(level, info))
        return action
    card = _card(raw, word, info, shown)
    if card not in legal:
        if card == Card.KARO_ASS and Action.SCHWEINE in legal:
            raise ValueError("announce the Schweine before playing a Karo-Ass: type schweine")
        if info.must_announce == info.seat and not any(Action.is_card(a) for a in legal):
            raise ValueError(
                f"Pflichtansage: you won the first trick with {info.rules.pflichtansage_augen} or more Augen, "
                "announce first (seed 002)"
            )
        raise ValueError(f"{Card(card).symbol}: you must follow the suit led (Bedienpflicht, TSR 5.2)")
    return card


def _partner_open(info: InformationState) -> bool:
    """A Hochzeit whose Klärungsstich has not come yet: the parties the game has made public
    (``info.known_parties``) still leave a seat open."""
    return info.game_type is GameType.HOCHZEIT and None in info.known_parties


def _why_no_announcement(level: int, info: InformationState) -> str:
    """Why the announcement of ``level`` is not among ``info.legal_actions``, told from the
    information state; the announcements still open come from the legal actions."""
    own = info.own_party
    if own is None:
        why = "your party is open until the Klärungsstich of the Hochzeit: announcements wait for it (TSR 6.5)"
        if info.rules.hochzeit_early_ansage:
            why += "; only the Hochzeiter may announce before it (rule hochzeit_early_ansage)"
        return why
    label = level_label(level, own)
    open_calls = [level_label(Action.level(a), own) for a in info.legal_actions if Action.is_announcement(a)]
    still = f"; you may announce {_or(open_calls)}" if open_calls else ""
    if _partner_open(info) and not open_calls and not info.rules.hochzeit_early_ansage:
        return (
            f"{label}: in a Hochzeit announcements wait for the Klärungsstich, the Hochzeiter's too "
            "(TSR 6.5; rule hochzeit_early_ansage = false)"
        )
    if any(a.party is own and a.level >= level for a in info.announcements):
        return f"{label}: your party has already announced it{still}"
    timing = info.rules.announcement_timing
    return f"{label}: not allowed now (announcement deadlines, rule announcement_timing = {timing}){still}"


def _card(raw: str, word: str, info: InformationState, shown: Sequence[int]) -> int:
    """The card typed as its number on screen or in notation; it must be in the hand."""
    signed = raw.strip()[:1] in ("+", "-") and raw.strip()[1:].strip().isdigit()
    if word.isdigit() and 1 <= int(word) <= len(shown) and not signed:
        card = shown[int(word) - 1]
    elif word.isdigit():
        typed = raw.strip() if signed else word
        raise ValueError(f"no card number {typed}: your cards are numbered 1 to {len(shown)}")
    else:
        try:
            card = int(Card.parse(raw))
        except CardError as exc:
            raise ValueError(str(exc)) from None
    if card not in info.hand:
        raise ValueError(f"{Card(card).symbol} is not in your hand")
    return card


def _selectable(info: InformationState) -> set[int]:
    """The cards of the hand that are a legal choice now (play, lay or give back)."""
    return {
        int(Action.card_of(a))
        for a in info.legal_actions
        if Action.is_card(a) or Action.is_armut_lay(a) or Action.is_armut_return(a)
    }


class HumanPlayer(Player):
    """Reads moves from the terminal; ``names`` are the four seat names for display.

    ``pace``: seconds between two cards or announcements of the computer players shown by
    :meth:`follow` (time a computer player spent thinking counts towards it); 0 shows them at once.
    """

    def __init__(self, console: Console, names: Sequence[str], pace: float = 0.0) -> None:
        super().__init__(names[0])
        self.console = console
        self.names = list(names)
        self.pace = pace
        self._tricks_shown = 0
        self._last_shown = 0.0
        self._armut_answers: list[str | None] = [None] * 4
        self._armut_poor: int | None = None

    def reset(self, seat: int, rules: RuleSet, seed: int | None = None) -> None:
        super().reset(seat, rules, seed)
        self._tricks_shown = 0
        self._armut_answers = [None] * 4
        self._armut_poor = None
        self.console.rule("New game")

    def observe(self, info: InformationState) -> None:
        """After every action (the runner's hook): the answers to an Armut as they come and, when
        the exchange is over, what it was (:meth:`_armut_lines`): the cards laid and given back
        only to the poor player and the taker, as their information state shows them."""
        if info.phase is Phase.ARMUT:
            self._armut_poor = info.declarer
        for seat, answer in enumerate(info.armut_answers):
            if answer is not None and answer != self._armut_answers[seat]:
                self._armut_answers[seat] = answer
                if seat != self.seat:
                    self._paced(f"{self.names[seat]} {'takes' if answer == 'take' else 'refuses'} the Armut.")
        if info.phase is not Phase.ARMUT and self._armut_poor is not None:
            for line in self._armut_lines(info, self._armut_poor):
                self._paced(line)
            self._armut_poor = None

    def _armut_lines(self, info: InformationState, poor: int) -> list[str]:
        """The Armut exchange of ``poor`` just ended, told as ``doko replay`` tells it: ``Armut: Anna
        lays 3 cards face down (♠10 ♦A ♦K); Ben refuses, Carla takes; Carla gives back 3 cards
        (♣9 ♠9 ♥A)``; the cards only where ``info`` shows them (the poor player and the taker), the
        count to everyone else. Nobody taking: the deal is thrown in (said by the caller) or the
        Armut is withdrawn (rule ``armut_none``)."""
        asked = [(poor + k) % 4 for k in range(1, 4)]
        answers = [
            f"{self.names[s]} {'takes' if info.armut_answers[s] == 'take' else 'refuses'}"
            for s in asked
            if info.armut_answers[s] is not None
        ]
        taker = next((s for s in asked if info.armut_answers[s] == "take"), None)
        if taker is None:
            if info.thrown_in:
                return []
            return [f"Nobody takes the Armut of {self.names[poor]}: it is withdrawn (rule armut_none)."]

        def cards(items: Sequence[int]) -> str:
            return f" ({' '.join(Card(c).symbol for c in items)})" if items else ""

        count = plural(info.armut_count, "card")
        return [
            f"Armut: {self.names[poor]} lays {count} face down{cards(info.armut_laid)}; {', '.join(answers)}; "
            f"{self.names[taker]} gives back {count}{cards(info.armut_returned)}"
        ]

    def _paced(self, line: str) -> None:
        """Print a line of the other players' doing, ``pace`` seconds after the one before."""
        if self.pace > 0:
            wait = self.pace - (time.monotonic() - self._last_shown)
            if wait > 0:
                time.sleep(wait)
        self.console.print(line)
        self._last_shown = time.monotonic()

    def follow(self, kind: str, data: Mapping[str, Any]) -> None:
        """The ``on_event`` handler of :func:`doppelkopf.players.play_session`: shows the other
        players' cards, announcements and Schweine as they come (paced, see ``pace``) and each
        finished trick. Only public events are shown (no Vorbehalt before it is resolved, no card
        of an Armut exchange: :meth:`observe` tells the exchange from the information state)."""
        if kind == "trick":
            tricks: list[Trick] = [data["trick"]]
            if data["index"] == self._tricks_shown and not data["trick"].claimed:
                self._print_tricks(tricks, self._tricks_shown)
                self._tricks_shown += 1
            return
        if data.get("seat") == self.seat:
            self._last_shown = time.monotonic()
            return
        if kind == "play" and Action.is_card(data["action"]):
            line = f"{self.names[data['seat']]}: {data['text']}"
        elif kind in ("announce", "schweine"):
            line = f"{self.names[data['seat']]}: {data['text']}!"
        else:
            return
        self._paced(line)

    def _print_tricks(self, tricks: Sequence[Trick], shown: int) -> None:
        for number, trick in enumerate(tricks, start=shown + 1):
            cards = "  ".join(
                f"{self.names[s]} {Card(c).symbol}" for s, c in zip(trick.seats, trick.cards, strict=True)
            )
            self.console.print(f"Trick {number}: {cards} -> {self.names[trick.winner]} ({trick.augen} Augen)")

    def show_tricks(self, tricks: Sequence[Trick], cards_played: int | None = None) -> None:
        """Print the tricks finished since the last call; the rest of a claim or a concession
        (Spielabkürzung) as one line: the trick it cut short with the cards already on the table,
        and the cards not played, with the tricks and Augen the rest gives its winner.

        ``cards_played``: how many cards were played in the game (its card actions); it tells the
        cards of the trick in progress at the claim from those completed from the hands. ``None``
        counts every card of the rest as not played."""
        new = list(tricks[self._tricks_shown :])
        rest = [t for t in new if t.claimed]
        self._print_tricks([t for t in new if not t.claimed], self._tricks_shown)
        if rest:
            number = len(tricks) - len(rest) + 1
            in_rest = sum(len(t.cards) for t in rest)
            played = 0
            if cards_played is not None:
                played = max(0, cards_played - sum(len(t.cards) for t in tricks if not t.claimed))
            augen = sum(t.augen for t in rest)
            who = self.names[rest[0].winner]
            if played:
                first = rest[0]
                down = "  ".join(
                    f"{self.names[s]} {Card(c).symbol}"
                    for s, c in zip(first.seats[:played], first.cards[:played], strict=True)
                )
                others = in_rest - played
                not_played = "the other card was not" if others == 1 else f"the other {others} cards were not"
                self.console.print(
                    f"The rest -> {who}: {plural(len(rest), 'trick')}, {augen} Augen; of trick {number} "
                    f"{down} had been played, {not_played}"
                )
            else:
                self.console.print(f"The rest, not played: {plural(len(rest), 'trick')}, {augen} Augen -> {who}")
        self._tricks_shown = len(tricks)

    def show_last_trick(self, info: InformationState) -> None:
        """Print the last finished trick again (or say that none is finished yet)."""
        if not info.tricks:
            self.console.print("No trick finished yet.")
            return
        trick = info.tricks[-1]
        cards = "  ".join(f"{self.names[s]} {Card(c).symbol}" for s, c in zip(trick.seats, trick.cards, strict=True))
        self.console.print(
            f"Last trick ({len(info.tricks)}): {cards} -> {self.names[trick.winner]} ({trick.augen} Augen)"
        )

    def choose(self, info: InformationState) -> int:
        c = self.console
        if info.phase is Phase.VORBEHALT:
            asked = [f"{self.names[s]}: {v}" for s, v in enumerate(info.vorbehalte) if v is not None]
            c.print(f"Dealer: {self.names[info.dealer]}" + ("   Vorbehalte: " + ", ".join(asked) if asked else ""))
            if Action.GESUND not in info.legal_actions:
                c.print("Vorführung: you must play your Pflichtsolo now (TSR 4.2.3).")
        elif info.phase is Phase.ARMUT:
            self._show_armut(info)
        elif info.phase is Phase.BIDDING:
            said = ", ".join(f"{self.names[s]} {'raises' if b == 'raise' else 'passes'}" for s, b in info.bids)
            c.print(f"Bidding for the solo: bid level {info.bid_level}" + (f"   ({said})" if said else ""))
        else:
            self._show_play(info)
        shown = info.order.sorted_hand(list(info.hand))
        selectable = _selectable(info)
        hand = Text("Your cards: ")
        for i, card in enumerate(shown, start=1):
            if card in selectable or not selectable:
                hand.append(f"{i}:{Card(card).symbol}  ", style="bold")
            else:
                hand.append(f"({Card(card).symbol})  ", style="dim")
        c.print(hand)
        prompt = self._prompt(info)
        while True:
            try:
                text = c.input(Text(prompt + ": "))  # Text: "[fehl]" or a name is no markup
            except EOFError:
                raise click.Abort() from None
            word = text.strip().lower().replace(" ", "")
            if word in _HELP_WORDS:
                c.print(HELP)
                continue
            if word in LAST_TRICK_WORDS:
                self.show_last_trick(info)
                continue
            try:
                action = parse_move(text, info, shown)
            except ValueError as exc:
                c.print(Text(str(exc), style="red"))
                continue
            self._last_shown = time.monotonic()
            return action

    def _show_armut(self, info: InformationState) -> None:
        poor = info.declarer
        who = self.names[poor] if poor is not None else "?"
        total = info.rules.armut_cards
        line = f"Armut of {who}: {info.armut_count} of {total} cards face down"
        answers = [
            f"{self.names[s]} {'takes' if a == 'take' else 'refuses'}" for s, a in enumerate(info.armut_answers) if a
        ]
        if answers:
            line += "   " + ", ".join(answers)
        self.console.print(line)
        if info.armut_laid and info.seat != poor:
            self.console.print("You took: " + " ".join(Card(c).symbol for c in info.armut_laid))

    def _show_play(self, info: InformationState) -> None:
        c = self.console
        self.show_tricks(info.tricks)
        game = info.game_type.german if info.game_type is not None else "?"
        if info.declarer is not None:
            game += f" ({self.names[info.declarer]})"
        party = info.own_party.label if info.own_party is not None else "open until the Klärungsstich"
        line = f"Game: {game}   You are: {party}"
        known = self._known_parties(info)
        if known:
            line += "   " + known
        if info.schweine is not None:
            line += f"   Schweine: {self.names[info.schweine]}"
        if info.superschweine is not None:
            line += f"   Superschweine: {self.names[info.superschweine]}"
        if info.announcements:
            line += "   Announced: " + ", ".join(f"{self.names[a.seat]} {a.label}" for a in info.announcements)
        c.print(line)
        if info.trick:
            cards = "  ".join(f"{self.names[s]} {Card(card).symbol}" for s, card in info.trick)
            c.print(f"Trick: {cards}   ({self.names[self._winning(info)]} is winning it)")
        else:
            c.print("You lead.")

    def _known_parties(self, info: InformationState) -> str:
        """The parties the game has made public (``info.known_parties``: by the game type, played or
        announced Kreuz-Damen, announcements), once another seat than the observer's is known:
        ``Re: Anna & Carla   Kontra: Ben & Dirk``; seats still open are left out."""
        known = info.known_parties
        if all(p is None for s, p in enumerate(known) if s != info.seat):
            return ""
        parts = []
        for party in (Party.RE, Party.KONTRA):
            seats = [self.names[s] for s, p in enumerate(known) if p is party]
            if seats:
                parts.append(f"{party.label}: " + " & ".join(seats))
        return "   ".join(parts)

    @staticmethod
    def _winning(info: InformationState) -> int:
        """The seat whose card wins the open trick so far, by the core's trick rule
        (:func:`doppelkopf.order.winner_index` with the card order this seat knows and the rule
        ``dulle``); the trick is the last one when no hand holds more than one card."""
        cards = [card for _, card in info.trick]
        last = max(info.hand_sizes) <= 1
        index = winner_index(info.order, cards, dulle_rule_says_second(info.rules.dulle, last))
        return info.trick[index][0]

    def _prompt(self, info: InformationState) -> str:
        legal = info.legal_actions
        if info.phase is Phase.VORBEHALT:
            return "Vorbehalt? (" + ", ".join(vorbehalt_choices(info)) + ")"
        if info.phase is Phase.BIDDING:
            return "Raise or pass? (" + ("raise, " if Action.BID in legal else "") + "pass)"
        if info.phase is Phase.CONCESSION:
            own = info.own_party or Party.KONTRA
            calls = [level_label(Action.level(a), own) for a in legal if Action.is_announcement(a)]
            return "The soloist gave up the rest: announce (" + ", ".join(calls) + ") or pass"
        if info.phase is Phase.ARMUT:
            poor = self.names[info.declarer] if info.declarer is not None else "?"
            if Action.ARMUT_TAKE in legal:
                return f"Take the Armut of {poor} ({plural(info.armut_count, 'card')})? (take, refuse)"
            total = info.rules.armut_cards
            if any(Action.is_armut_lay(a) for a in legal):
                return f"Card to lay face down ({info.armut_count + 1} of {total})"
            return f"Card to give back to {poor} ({len(info.armut_returned) + 1} of {total})"
        calls = [
            level_label(Action.level(a), info.own_party)
            for a in legal
            if Action.is_announcement(a) and info.own_party is not None
        ]
        named = ((Action.SCHWEINE, "schweine"), (Action.CLAIM, "claim"), (Action.CONCEDE, "concede"))
        extra = [word for action, word in named if action in legal]
        if not any(Action.is_card(a) for a in legal):
            return "You must announce first (" + ", ".join(calls) + ")"
        prompt = "Your card"
        if calls:
            prompt += f" (or announce: {', '.join(calls)})"
        if extra:
            prompt += f" (or: {', '.join(extra)})"
        return prompt
