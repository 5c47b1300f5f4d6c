"""Memory sizes as the user writes them: ``memory=64 * 2**20``, ``"64MB"``, ``"1.5 GiB"``."""

import re

_UNITS = {
    "": 1, "b": 1,
    "k": 10**3, "kb": 10**3, "kib": 2**10,
    "m": 10**6, "mb": 10**6, "mib": 2**20,
    "g": 10**9, "gb": 10**9, "gib": 2**30,
    "t": 10**12, "tb": 10**12, "tib": 2**40,
}


def memory_bytes(memory):
    """Bytes for a ``memory=`` argument: None (no bound) gives 0; an int is bytes; a
    string is a number and a unit (B, kB, MB, GB, TB or KiB, MiB, GiB, TiB)."""
    if memory is None:
        return 0
    if isinstance(memory, bool):
        raise TypeError("memory= is a number of bytes or a size such as '64MB', not a bool")
    if isinstance(memory, (int, float)):
        if not memory > 0:
            raise ValueError(f"memory= must be positive, not {memory!r} (None: no bound)")
        return int(memory)
    if isinstance(memory, str):
        match = re.fullmatch(r"\s*([0-9]*\.?[0-9]+)\s*([A-Za-z]*)\s*", memory)
        unit = match and _UNITS.get(match.group(2).lower())
        if not unit:
            raise ValueError(f"memory={memory!r}: write a size such as '512MB', '2GiB' or a number of bytes")
        size = int(float(match.group(1)) * unit)
        if size <= 0:
            raise ValueError(f"memory={memory!r} must be positive (None: no bound)")
        return size
    raise TypeError(f"memory= is a number of bytes or a size such as '64MB', not {type(memory).__name__}")
