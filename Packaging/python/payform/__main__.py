"""The `payform` command the wheel installs: runs the bundled binary with the same arguments."""
import os
import sys

from .sandbox import PayformNotFound, bundled_payform, find_payform


def main():
    try:
        # The wheel's own binary first: this command is that binary. PAYFORM still wins, as in
        # the fixture, so one variable picks the payform of a whole test run.
        binary = find_payform(os.environ.get("PAYFORM") or bundled_payform())
    except PayformNotFound as error:
        print(f"payform: {error}", file=sys.stderr)
        return 127
    os.execv(binary, [binary, *sys.argv[1:]])


if __name__ == "__main__":
    sys.exit(main())
