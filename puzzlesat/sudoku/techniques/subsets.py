"""PLACEHOLDER while being written: subsets."""

from __future__ import annotations


def naked_sets(board, **options):
    """Placeholder: finds nothing yet."""
    return iter(())

def hidden_sets(board, **options):
    """Placeholder: finds nothing yet."""
    return iter(())
