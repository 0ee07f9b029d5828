"""The human player of ``doko play``: shows the information state in the terminal and reads moves.

It sees exactly what a :class:`~doppelkopf.players.Player` sees (the information state) and answers with
one of the legal actions. Every decision of the rule set can be typed: the Vorbehalt (gesund, a solo,
Hochzeit with the trick that finds the partner, Schmeissen, Armut), the Armut exchange (take or
refuse, the cards to lay or to give back by their number or notation), the bidding for a solo
(raise or pass), and in play a card, an announcement, the Schweine or the claim of the rest. The
prompt lists the options; bad input gets a one-line message and a new prompt. What is legal always
comes from ``info.legal_actions``; the words only pick among those actions.
"""

from __future__ import annotations

from collections.abc import Sequence

import click
from rich.console import Console
from rich.text import Text

from .cards import Card, CardError
from .game import HOCHZEIT_KINDS, Action, InformationState, Phase, Trick
from .players import Player
from .rules import GameType, Party, RuleSet, level_label

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

HELP = (
    "Card: its number in your hand, or suit and rank such as KrD, ♥10, PiA, KaK (Kr/Pi/He/Ka or ♣♠♥♦). "
    "Announcements: re, kontra, keine 90 (k90), keine 60, keine 30, schwarz. "
    "In play also: schweine, claim (the rest), concede (a soloist gives the rest away). "
    "Vorbehalt: gesund, hochzeit (hochzeit fehl, hochzeit trumpf, hochzeit fremd where you name the trick), "
    "a solo (kreuz, pik, herz, karo, damen, buben, bubendamen, fleischlos), schmeissen, armut. "
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


def parse_move(text: str, info: InformationState, shown: Sequence[int]) -> int:
    """Turn typed text into one of ``info.legal_actions``; raises ValueError with a one-line reason.

    ``shown`` is the hand as listed on screen (numbers 1..n pick from it).
    """
    raw = text.strip()
    word = raw.lower().replace(" ", "").replace("-", "").replace("_", "").replace(":", "")
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
        raise ValueError(
            f"{raw!r}: answer gesund, hochzeit, a solo (kreuz, pik, herz, karo, damen, buben, bubendamen, "
            "fleischlos), schmeissen or armut"
        ) from None
    if game_type is GameType.HOCHZEIT:
        return _parse_hochzeit(raw, "", info)
    action = Action.vorbehalt(game_type)
    if action in legal:
        return action
    if game_type is GameType.ARMUT:
        if not info.rules.armut:
            raise ValueError("Armut is not played under these rules (rule armut)")
        raise ValueError(
            f"Armut needs at most {info.rules.armut_max_trumps} trumps in your hand (rule armut_max_trumps)"
        )
    if game_type is GameType.STILLE_HOCHZEIT:
        raise ValueError("a Stille Hochzeit is no Vorbehalt: with both Kreuz-Damen say gesund (TSR 4.4.5)")
    raise ValueError(f"{raw!r} is not allowed under these rules")


def _parse_hochzeit(raw: str, rest: str, info: InformationState) -> int:
    offered = [a for a in info.legal_actions if Action.is_vorbehalt(a) and Action.game_type(a) is GameType.HOCHZEIT]
    if not offered:
        raise ValueError("Hochzeit needs both Kreuz-Damen")
    choices = {Action.hochzeit_kind(a): a for a in offered}
    if rest == "":
        if len(offered) == 1:
            return offered[0]
        words = ", ".join(f"hochzeit {HOCHZEIT_WORDS[k]}" for k in HOCHZEIT_KINDS if k in choices)
        raise ValueError(f"name the trick that finds your partner: {words}")
    kind = _HOCHZEIT_ALIASES.get(rest)
    if kind is None:
        raise ValueError(f"{raw!r}: say hochzeit fehl, hochzeit trumpf or hochzeit fremd")
    if kind in choices:
        return choices[kind]
    if None in choices:
        raise ValueError("these rules name the trick that finds the partner themselves: say hochzeit")
    words = ", ".join(f"hochzeit {HOCHZEIT_WORDS[k]}" for k in HOCHZEIT_KINDS if k in choices)
    raise ValueError(f"{raw!r} is not allowed under these rules; choose {words}")


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
            raise ValueError(f"{Card(card).symbol}: lay your trumps first (all trumps go face down in an Armut)")
        return action
    action = Action.armut_return(card)
    if action not in legal:
        raise ValueError(f"{Card(card).symbol} cannot be given back now (the Schweine stay together, seed 002)")
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
            if own is None:
                raise ValueError("no announcement before the Klärungsstich of the Hochzeit (TSR 4.4.4)")
            raise ValueError(f"{raw}: not allowed now (already said, or its deadline has passed)")
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
    """Reads moves from the terminal; ``names`` are the four seat names for display."""

    def __init__(self, console: Console, names: Sequence[str]) -> None:
        super().__init__(names[0])
        self.console = console
        self.names = list(names)
        self._tricks_shown = 0

    def reset(self, seat: int, rules: RuleSet, seed: int | None = None) -> None:
        super().reset(seat, rules, seed)
        self._tricks_shown = 0
        self.console.rule("New game")

    def show_tricks(self, tricks: Sequence[Trick]) -> None:
        """Print the tricks finished since the last call; the rest of a claim or a concession
        (Spielabkürzung: not played) as one line with its tricks and Augen."""
        rest = [t for t in tricks[self._tricks_shown :] if t.claimed]
        for number, trick in enumerate(tricks[self._tricks_shown :], start=self._tricks_shown + 1):
            if trick.claimed:
                continue
            cards = "  ".join(
                f"{self.names[s]} {Card(c).symbol}" for s, c in zip(trick.seats, trick.cards, strict=True)
            )
            self.console.print(f"Trick {number}: {cards} -> {self.names[trick.winner]} ({trick.augen} Augen)")
        if rest:
            augen = sum(t.augen for t in rest)
            who = self.names[rest[0].winner]
            self.console.print(f"The rest, not played: {len(rest)} tricks, {augen} Augen -> {who}")
        self._tricks_shown = len(tricks)

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
                text = c.input(prompt + ": ")
            except EOFError:
                raise click.Abort() from None
            if text.strip() in ("?", "help", "hilfe"):
                c.print(HELP)
                continue
            try:
                return parse_move(text, info, shown)
            except ValueError as exc:
                c.print(Text(str(exc), style="red"))

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
        if info.game_type in (GameType.HOCHZEIT, GameType.ARMUT) and info.own_party is not None:
            re = [self.names[s] for s, p in enumerate(info.known_parties) if p is Party.RE]
            line += "   Re: " + " & ".join(re)
        if info.schweine is not None:
            line += f"   Schweine: {self.names[info.schweine]}"
        if info.superschweine is not None:
            line += f"   Superschweine: {self.names[info.superschweine]}"
        if info.announcements:
            line += "   Announced: " + ", ".join(f"{self.names[a.seat]} {a.label}" for a in info.announcements)
        c.print(line)
        if info.trick:
            c.print("Trick: " + "  ".join(f"{self.names[s]} {Card(card).symbol}" for s, card in info.trick))
        else:
            c.print("You lead.")

    def _prompt(self, info: InformationState) -> str:
        legal = info.legal_actions
        if info.phase is Phase.VORBEHALT:
            return "Vorbehalt? (" + ", ".join(vorbehalt_word(a) for a in legal) + ")"
        if info.phase is Phase.BIDDING:
            return "Raise or pass? (" + ("raise, " if Action.BID in legal else "") + "pass)"
        if info.phase is Phase.CONCESSION:
            own = info.own_party or Party.KONTRA
            calls = [level_label(Action.level(a), own) for a in legal if Action.is_announcement(a)]
            return "The soloist gave up the rest: announce (" + ", ".join(calls) + ") or pass"
        if info.phase is Phase.ARMUT:
            poor = self.names[info.declarer] if info.declarer is not None else "?"
            if Action.ARMUT_TAKE in legal:
                return f"Take the Armut of {poor} ({info.armut_count} cards)? (take, refuse)"
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
