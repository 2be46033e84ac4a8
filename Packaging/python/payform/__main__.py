"""The `payform` command the wheel installs: runs the bundled binary with the same arguments."""
import os
import sys

from .sandbox import PayformNotFound, find_payform


def main():
    try:
        # $PAYFORM, else the wheel's own binary, else payform on PATH: as the fixture finds it, so
        # one variable picks the payform of a whole test run.
        binary = find_payform()
    except PayformNotFound as error:
        print(f"payform: {error}", file=sys.stderr)
        return 127
    if os.path.realpath(binary) == os.path.realpath(sys.argv[0]):
        print(f"payform: {binary} is this command itself, not the binary (the wheel's payform/bin/payform is missing)", file=sys.stderr)
        return 127
    os.execv(binary, [binary, *sys.argv[1:]])


if __name__ == "__main__":
    sys.exit(main())
