"""Solving: SAT's answers — the CNF, the incremental solver (uniqueness, counting), a setter's answers."""
