"""The pure Monte Carlo rules engine: no Jupyter, no widgets, no DOM.

Modules, one concern each (docs/architecture.md): ``cards`` (Card and card
text), ``rules`` (the rules value and the geometry), ``layout`` (layout
notation), ``deals`` (the deal PRNG and shuffle), ``errors``, ``messages``
(the catalogues, six languages), ``state`` (the state and action values and their JSON),
``queries`` (pairs, lone cards, status, highlights), ``removal`` (the checks
of a remove), ``actions`` (``apply``, ``verify_state``), ``walkthrough`` (a
round as single-card steps), ``record`` (game records) and ``game`` (the
mutable ``Game``).
"""

from .actions import apply, perform, verify_state
from .cards import Card, card_name, card_symbol, parse_card
from .deals import MAX_DEAL, check_deal, deal_position, mulberry32, shuffled_deck
from .errors import (
    ArgumentError,
    CardError,
    DealError,
    EngineError,
    IllegalMove,
    LayoutError,
    RecordError,
    StateError,
)
from .game import Game
from .layout import canonical_layout, format_layout, parse_layout
from .messages import LANGUAGES, counted, format_list, format_message
from .queries import (
    can_consolidate,
    can_redo,
    can_refill,
    can_start_consolidation,
    can_undo,
    false_neighbours,
    highlights,
    legal_lone,
    legal_pairs,
    legal_removals,
    lone_cells,
    pairs,
    partners,
    status,
)
from .record import MAX_RECORD, read_record, write_record
from .rules import PRESETS, Rules, neighbours, resolve_rules, touching
from .state import (
    MAX_PREVIOUS_GAMES,
    Action,
    Consolidate,
    ConsolidateStep,
    Load,
    NewDeal,
    Redo,
    Refill,
    RefillStep,
    Remove,
    State,
    Undo,
    new_state,
    parse_action,
    state_from_json,
)
from .walkthrough import Step, Walkthrough, walk_to, walkthrough

__all__ = [
    "LANGUAGES",
    "MAX_DEAL",
    "MAX_PREVIOUS_GAMES",
    "MAX_RECORD",
    "PRESETS",
    "Action",
    "ArgumentError",
    "Card",
    "CardError",
    "Consolidate",
    "ConsolidateStep",
    "DealError",
    "EngineError",
    "Game",
    "IllegalMove",
    "LayoutError",
    "Load",
    "NewDeal",
    "RecordError",
    "Redo",
    "Refill",
    "RefillStep",
    "Remove",
    "Rules",
    "State",
    "StateError",
    "Step",
    "Undo",
    "Walkthrough",
    "apply",
    "can_consolidate",
    "can_redo",
    "can_refill",
    "can_start_consolidation",
    "can_undo",
    "canonical_layout",
    "card_name",
    "card_symbol",
    "check_deal",
    "counted",
    "deal_position",
    "false_neighbours",
    "format_layout",
    "format_list",
    "format_message",
    "highlights",
    "legal_lone",
    "legal_pairs",
    "legal_removals",
    "lone_cells",
    "mulberry32",
    "neighbours",
    "new_state",
    "pairs",
    "parse_action",
    "parse_card",
    "parse_layout",
    "partners",
    "perform",
    "read_record",
    "resolve_rules",
    "shuffled_deck",
    "state_from_json",
    "status",
    "touching",
    "verify_state",
    "walk_to",
    "walkthrough",
    "write_record",
]
