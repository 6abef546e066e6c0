"""graphrun's errors. The native module raises these with the messages the
command line prints."""


class GraphrunError(Exception):
    """Base of every error graphrun raises."""


class UsageError(GraphrunError, ValueError):
    """A call graphrun cannot honour: a bad argument or combination."""


class InputError(GraphrunError, ValueError):
    """Malformed input. ``file``, ``line`` (0 when not line-bound) and
    ``reason`` say where and what; ``str(error)`` says all three."""

    file: str = ""
    line: int = 0
    reason: str = ""


class GraphrunRuntimeError(GraphrunError, RuntimeError):
    """The run failed: out of host or device memory, a device error."""
