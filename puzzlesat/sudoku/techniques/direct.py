"""PLACEHOLDER while being written: direct."""

from __future__ import annotations


def direct_locking(board, **options):
    """Placeholder: finds nothing yet."""
    return iter(())

def direct_hidden_sets(board, **options):
    """Placeholder: finds nothing yet."""
    return iter(())
