"""A read-only sequence whose items are made only when asked for.

Wallaby's complete moves of a turn and a balance's judged setups are too many to build as lists;
each is a `LazySequence` that knows its length and how to make one item, and this class answers
the rest of the sequence protocol: negative indexes, the bounds check and slices.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from typing import TypeVar, overload

Item = TypeVar("Item")


class LazySequence(Sequence[Item]):
    """A sequence made item by item: a subclass gives `__len__` and `item`."""

    @abstractmethod
    def item(self, index: int) -> Item:
        """The item at `index`, from 0 to len(self) - 1."""

    @overload
    def __getitem__(self, index: int) -> Item: ...
    @overload
    def __getitem__(self, index: slice) -> list[Item]: ...
    def __getitem__(self, index: int | slice) -> Item | list[Item]:
        size = len(self)
        if isinstance(index, slice):
            return [self.item(k) for k in range(*index.indices(size))]
        if not -size <= index < size:
            raise IndexError(index)
        return self.item(index % size)
