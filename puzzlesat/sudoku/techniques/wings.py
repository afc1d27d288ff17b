"""PLACEHOLDER while being written: wings."""

from __future__ import annotations


def xy_wings(board, **options):
    """Placeholder: finds nothing yet."""
    return iter(())

def xyz_wings(board, **options):
    """Placeholder: finds nothing yet."""
    return iter(())

def wxyz_wings(board, **options):
    """Placeholder: finds nothing yet."""
    return iter(())

def vwxyz_wings(board, **options):
    """Placeholder: finds nothing yet."""
    return iter(())

def uvwxyz_wings(board, **options):
    """Placeholder: finds nothing yet."""
    return iter(())

def tuvwxyz_wings(board, **options):
    """Placeholder: finds nothing yet."""
    return iter(())
