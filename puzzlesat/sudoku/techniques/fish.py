"""PLACEHOLDER while being written: fish."""

from __future__ import annotations


def basic_fish(board, **options):
    """Placeholder: finds nothing yet."""
    return iter(())
