"""Errors that reach the user as one line and exit code 2 (bad input), never as a traceback."""

from __future__ import annotations

from collections.abc import Callable, Iterable

EXIT_USAGE = 2  # the exit code of every error pnp words in one line


class PnpError(Exception):
    """A problem with what the user asked for: a wrong name, value, file or path.

    The message is one line that names the problem and, where there is a fixed set, the accepted
    values. The CLI prints it and exits with code 2.
    """


class SetupError(PnpError):
    """A setup file or setup data that cannot be used (unreadable, wrong game, invalid content)."""


def one_of(values: Iterable[object]) -> str:
    """'a, b or c': the accepted values of a choice, for error messages."""
    items = [str(v) for v in values]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " or " + items[-1]


class InputError(PnpError):
    """A value the library cannot use, kept as parts so each front end words it its own way.

    `field` names the input (`workers`), `value` is what was given and `accepted` what would do.
    The message is `template` filled in: `{field}` and any other input named in braces
    (`{executor}`) become the names that `worded` is given (the command line says `--executor`),
    `{value}` and `{accepted}` the value and the accepted values, other names the `details`.
    str() names every input as it is.
    """

    def __init__(
        self,
        field: str,
        value: object,
        accepted: str = "",
        *,
        template: str = "{field} {value} is not valid: expected {accepted}",
        **details: object,
    ) -> None:
        self.field = field
        self.value = value
        self.accepted = accepted
        self.template = template
        self.details = details
        super().__init__(self.worded(str))

    def worded(self, name: Callable[[str], str]) -> str:
        """The message with each input called `name(input)`."""
        shown = shown_value(self.value)
        known = {"field": name(self.field), "value": shown, "accepted": self.accepted}
        return self.template.format_map(_Names(name, {**self.details, **known}))

    def __reduce__(self) -> tuple[object, ...]:  # raised in a worker process, rebuilt in the main
        parts = (self.field, self.value, self.accepted, self.template, self.details)
        return (_rebuilt, parts)


def shown_value(value: object) -> str:
    """A value as a message quotes it: a float short, a text with a newline or another
    unprintable character quoted (`'#ff0000\\n'`), so the message stays one line and says it."""
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, str) and not value.isprintable():
        return repr(value)
    return str(value)


def _rebuilt(
    field: str, value: object, accepted: str, template: str, details: dict[str, object]
) -> InputError:
    return InputError(field, value, accepted, template=template, **details)


class _Names(dict[str, object]):
    """The values of a message template; a name not among them is an input, named by `name`."""

    def __init__(self, name: Callable[[str], str], values: dict[str, object]) -> None:
        super().__init__(values)
        self.name = name

    def __missing__(self, key: str) -> str:
        return self.name(key)


def unloadable(error: ImportError | MemoryError) -> str:
    """The one line of a library that could not be loaded, or of memory that ran out: most
    often a memory limit (`ulimit -v`) too low for the libraries pnp maps, or a broken
    install."""
    if isinstance(error, MemoryError):
        return ("out of memory (under a memory limit such as ulimit -v, raise it; else free "
                "memory or play with fewer --workers)")  # fmt: skip
    said = str(error).splitlines()[0] if str(error) else type(error).__name__
    return (f"a library could not be loaded ({said}); under a memory limit such as ulimit -v, "
            "raise it, else reinstall pnp")  # fmt: skip
