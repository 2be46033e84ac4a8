"""How a harness's check fails: a Failure whose message says what was expected and what was seen."""


class Failure(Exception):
    """A check failed; the message says which and what was seen."""


def expect(condition, message):
    """Raises Failure(message) unless `condition` holds."""
    if not condition:
        raise Failure(message)


def tail(path, lines=25):
    """The last `lines` lines of a log file, for a failure's report ("(no log)" when unreadable)."""
    try:
        with open(path, errors="replace") as file:
            return "".join(file.readlines()[-lines:])
    except OSError:
        return "(no log)"
