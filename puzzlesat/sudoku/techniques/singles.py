"""PLACEHOLDER while being written: singles."""

from __future__ import annotations


def hidden_singles(board, **options):
    """Placeholder: finds nothing yet."""
    return iter(())

def naked_singles(board, **options):
    """Placeholder: finds nothing yet."""
    return iter(())
