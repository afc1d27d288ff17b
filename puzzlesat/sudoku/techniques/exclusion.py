"""PLACEHOLDER while being written: exclusion."""

from __future__ import annotations


def aligned_exclusion(board, **options):
    """Placeholder: finds nothing yet."""
    return iter(())
