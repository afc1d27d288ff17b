"""PLACEHOLDER while being written: chains."""

from __future__ import annotations


def cycles_and_forcing_chains(board, **options):
    """Placeholder: finds nothing yet."""
    return iter(())

def nishio_forcing_chains(board, **options):
    """Placeholder: finds nothing yet."""
    return iter(())

def multiple_forcing_chains(board, **options):
    """Placeholder: finds nothing yet."""
    return iter(())

def dynamic_forcing_chains(board, **options):
    """Placeholder: finds nothing yet."""
    return iter(())
