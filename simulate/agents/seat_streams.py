"""The seats' random generators of a game, made and drawn inside numba: the very numbers numpy's.

simulate/run/runner.py gives seat s of a game with seed `seed` the generator
`np.random.default_rng(np.random.SeedSequence(seed).spawn(players)[s])`. Making those objects
costs about 20 us a seat in Python (SeedSequence's hashing, then a PCG64), more than a whole
compiled random game of Penguins, and numba cannot make a numpy Generator. So a batch of games
(simulate/agents/compiled_play.py `play_many`) makes each seat's stream here instead: numpy's
SeedSequence pool (`mix_entropy`, `generate_state`) and PCG64's seeding, then
`Generator.integers(0, n)` as numpy draws it (Lemire's bounded method on PCG64's 32-bit outputs,
which hand out each 64-bit output's two halves in turn). A stream is six uint64 words: the
128-bit LCG state and increment (high word first), whether a 32-bit half is waiting, and that
half. tests/simulate/test_seat_streams.py draws from both and compares them number for number.

`draw(rng, n)` is what compiled agents call: a numpy Generator (one game played through its
`State`'s generators) draws `rng.integers(0, n)`, a stream draws the same number from its words.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit, types
from numba.extending import overload

STREAM = 6  # uint64 words of a stream
HIGH, LOW, INC_HIGH, INC_LOW, WAITING, HALF = range(STREAM)
MASK32 = np.uint64(0xFFFFFFFF)

# numpy/random/bit_generator.pyx (SeedSequence)
POOL = 4
INIT_A, MULT_A = np.uint64(0x43B0D7E5), np.uint64(0x931E8875)
INIT_B, MULT_B = np.uint64(0x8B51F9DD), np.uint64(0x58F38DED)
MIX_MULT_L, MIX_MULT_R = np.uint64(0xCA01F9DD), np.uint64(0x4973F715)
XSHIFT = np.uint64(16)
# numpy/random/src/pcg64/pcg64.h: PCG_DEFAULT_MULTIPLIER_128
MULT_HIGH, MULT_LOW = np.uint64(2549297995355413924), np.uint64(4865540595714422341)


@njit(inline="always")
def _hashmix(value, constant):  # type: ignore[no-untyped-def]
    """SeedSequence's `hashmix`: (the mixed value, the next hash constant), 32-bit words."""
    value = (value ^ constant) & MASK32
    constant = (constant * MULT_A) & MASK32
    value = (value * constant) & MASK32
    return value ^ (value >> XSHIFT), constant


@njit(inline="always")
def _mix(x, y):  # type: ignore[no-untyped-def]
    result = (MIX_MULT_L * x - MIX_MULT_R * y) & MASK32
    return result ^ (result >> XSHIFT)


@njit(inline="always")
def _mul128(a_high, a_low, b_high, b_low):  # type: ignore[no-untyped-def]
    """The low 128 bits of a * b, as (high, low) words."""
    a0, a1 = a_low & MASK32, a_low >> np.uint64(32)
    b0, b1 = b_low & MASK32, b_low >> np.uint64(32)
    low_low = a0 * b0
    middle = a1 * b0 + (low_low >> np.uint64(32))
    carry = (middle & MASK32) + a0 * b1
    high = a1 * b1 + (middle >> np.uint64(32)) + (carry >> np.uint64(32))
    low = (carry << np.uint64(32)) | (low_low & MASK32)
    return high + a_high * b_low + a_low * b_high, low


@njit(inline="always")
def _step(stream):  # type: ignore[no-untyped-def]
    """PCG64's LCG step: state = state * multiplier + increment (mod 2^128)."""
    high, low = _mul128(stream[HIGH], stream[LOW], MULT_HIGH, MULT_LOW)
    low_sum = low + stream[INC_LOW]
    stream[HIGH] = high + stream[INC_HIGH] + np.uint64(low_sum < low)
    stream[LOW] = low_sum


@njit(inline="always")
def _next64(stream):  # type: ignore[no-untyped-def]
    """PCG64's output (XSL-RR of the stepped state)."""
    _step(stream)
    value = stream[HIGH] ^ stream[LOW]
    rotation = stream[HIGH] >> np.uint64(58)
    return (value >> rotation) | (value << ((np.uint64(64) - rotation) & np.uint64(63)))


@njit(inline="always")
def _next32(stream):  # type: ignore[no-untyped-def]
    """PCG64's 32-bit output: the low half of a 64-bit output, then its high half."""
    if stream[WAITING]:
        stream[WAITING] = 0
        return stream[HALF]
    value = _next64(stream)
    stream[WAITING] = 1
    stream[HALF] = value >> np.uint64(32)
    return value & MASK32


@njit(inline="always")
def _bounded(stream, top):  # type: ignore[no-untyped-def]
    """numpy's `random_bounded_uint64_fill` for one number in [0, top]."""
    if top == 0:
        return np.uint64(0)
    if top < MASK32:  # buffered_bounded_lemire_uint32
        excluded = top + np.uint64(1)
        product = _next32(stream) * excluded
        leftover = product & MASK32
        if leftover < excluded:
            threshold = (MASK32 - top) % excluded
            while leftover < threshold:
                product = _next32(stream) * excluded
                leftover = product & MASK32
        return product >> np.uint64(32)
    if top == MASK32:
        return _next32(stream)
    excluded = top + np.uint64(1)  # bounded_lemire_uint64
    if excluded == 0:
        return _next64(stream)
    high, low = _mul128(np.uint64(0), _next64(stream), np.uint64(0), excluded)
    if low < excluded:
        threshold = (np.uint64(0) - excluded) % excluded
        while low < threshold:
            high, low = _mul128(np.uint64(0), _next64(stream), np.uint64(0), excluded)
    return high


@njit(inline="always")
def integers(stream, n):  # type: ignore[no-untyped-def]
    """`Generator.integers(0, n)` (n >= 1) drawn from `stream`."""
    return np.int64(_bounded(stream, np.uint64(n - 1)))


@njit(inline="always")
def seed_streams(seed, out):  # type: ignore[no-untyped-def]
    """Into each row of `out` (one per seat), the stream of
    `default_rng(SeedSequence(seed).spawn(len(out))[row])`, `seed` a uint64."""
    entropy = np.zeros(POOL + 1, dtype=np.uint64)  # the seed's words, zero-padded, then the child
    entropy[0] = seed & MASK32
    entropy[1] = seed >> np.uint64(32)
    pool = np.zeros(POOL, dtype=np.uint64)
    words = np.zeros(2 * POOL, dtype=np.uint64)
    for child in range(out.shape[0]):
        entropy[POOL] = np.uint64(child)
        constant = INIT_A  # mix_entropy
        for i in range(POOL):
            pool[i], constant = _hashmix(entropy[i], constant)
        for source in range(POOL):
            for target in range(POOL):
                if source != target:
                    mixed, constant = _hashmix(pool[source], constant)
                    pool[target] = _mix(pool[target], mixed)
        for target in range(POOL):  # the child, beyond the pool
            mixed, constant = _hashmix(entropy[POOL], constant)
            pool[target] = _mix(pool[target], mixed)
        constant = INIT_B  # generate_state(4, uint64): eight 32-bit words
        for i in range(2 * POOL):
            value = (pool[i % POOL] ^ constant) & MASK32
            constant = (constant * MULT_B) & MASK32
            value = (value * constant) & MASK32
            words[i] = value ^ (value >> XSHIFT)
        stream = out[child]  # pcg64_set_seed, then pcg_setseq_128_srandom_r
        state_high = words[0] | words[1] << np.uint64(32)
        state_low = words[2] | words[3] << np.uint64(32)
        sequence_high = words[4] | words[5] << np.uint64(32)
        sequence_low = words[6] | words[7] << np.uint64(32)
        stream[HIGH], stream[LOW] = np.uint64(0), np.uint64(0)
        stream[INC_HIGH] = sequence_high << np.uint64(1) | sequence_low >> np.uint64(63)
        stream[INC_LOW] = sequence_low << np.uint64(1) | np.uint64(1)
        _step(stream)
        low = stream[LOW] + state_low
        stream[HIGH] = stream[HIGH] + state_high + np.uint64(low < state_low)
        stream[LOW] = low
        _step(stream)
        stream[WAITING], stream[HALF] = np.uint64(0), np.uint64(0)


def draw(rng: Any, n: int) -> int:
    """A number in [0, n) from `rng`, a numpy Generator or a stream (in compiled code)."""
    return int(rng.integers(0, n))


@overload(draw, inline="always")
def _draw(rng, n):  # type: ignore[no-untyped-def]
    if isinstance(rng, types.NumPyRandomGeneratorType):
        return lambda rng, n: rng.integers(0, n)
    if isinstance(rng, types.Array):
        return lambda rng, n: integers(rng, n)
    return None
