#!/usr/bin/env bash
# Checks the release assembly of the constant-time code (Montgomery kernels, exponentiation,
# RSA raw operations) for the two ways an optimizer turns branch-free source into secret-dependent
# control flow or addresses:
#   1. a conditional jump or move that consumes the carry flag of an addition, subtraction or
#      comparison of values (a carry, a borrow or a limb comparison turned back into a branch);
#   2. a conditional move whose result is then used as an address (a mask-select rewritten as a
#      load from one of two places).
# Conditional jumps after comparisons of counters (loop exits, size checks) are expected and not
# reported. The unrolled 16-word squaring must have no conditional jump except its final 16-word
# loops. The C kernels for RSA-2048 on AVX-512 IFMA are checked too (see the end). Exits 1 and
# prints the offending instructions when a pattern appears.
#
#   Scripts/dev/check-constant-time.sh             check (x86-64: the machine's own assembly)
#   Scripts/dev/check-constant-time.sh --list      also list every conditional jump per function
set -euo pipefail
cd "$(dirname "$0")/../.."

list=0
[[ "${1:-}" == "--list" ]] && list=1
build=.build-timing
mkdir -p "$build"
source Scripts/lib/encryption-dependencies.bash
sources=()
while IFS= read -r -d '' file; do sources+=("$file"); done < <(find Sources/Encryption -name '*.swift' -print0 | sort -z)
assembly="$build/encryption.s"
encryption_dependency_folders
if [[ ! -f "$assembly" || -n "$(find "${sources[@]}" "${dependency_folders[@]}" -newer "$assembly" -print -quit)" ]]; then
  echo "== compiling the encryption module to assembly (release settings)"
  # Its dependencies as modules to import (from the target graph), then the module itself.
  build_encryption_dependencies "$build"
  swiftc -O -wmo -swift-version 6 -parse-as-library -module-name PaymentFormEncryption -package-name PaymentFormEngine \
    "${includes[@]}" "${sources[@]}" -emit-assembly -o "$assembly"
fi
# One checker for both kinds of assembly; argument 1 says which. The rules shared by both (how
# functions and instructions are read, which instruction last set the flags, a conditional move
# feeding an address) are written once.
check() {
  python3 - "$@" <<'PYTHON'
import re
import sys

kind, path, label_prefix, list_all = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4] == "1"
# C functions whose conditional jumps follow public data by design (an exponentiation's loop over
# a public exponent): listed, not failed. Rule 2 still applies to them.
public_branching = set(sys.argv[5].split(",")) if len(sys.argv) > 5 and sys.argv[5] else set()
lines = open(path).read().split("\n")
flag_setter = re.compile(r"^(add|adc|sub|sbb|cmp|test|and|or|xor|inc|dec|neg|shl|shr|sar|bt)")


def instructions_from(start):
    """The instructions of the function whose label is at `start` (no directives, labels, comments)."""
    end = next(i for i in range(start, len(lines)) if ".cfi_endproc" in lines[i])
    stripped = (l.split("#")[0].strip() for l in lines[start:end])
    return [l for l in stripped if l and not l.startswith(".") and not l.endswith(":")]


def conditional_jump(op):
    return op.startswith("j") and op != "jmp"


def cmov_feeding_address(instructions, index):
    """Rule 2: a conditional move whose result is used as an address within three instructions."""
    destination = instructions[index].split(",")[-1].strip()
    return [f"`{instructions[index]}` then `{following}`" for following in instructions[index + 1:index + 4]
            if "(" + destination in following or destination + ")" in following]


def report(label, instructions, jumps, problems, what):
    print(f"{label}: {len(instructions)} instructions, {jumps} conditional jumps on {what}, {'ok' if not problems else 'SUSPECT'}")
    for problem in problems:
        print(f"    {problem}")
    return len(problems)


def check_swift():
    """Rule 1 for Swift: no jump or move on the carry of arithmetic on values (not constants)."""
    kernels = {  # the functions that handle secrets, by a piece of their mangled names
        "MontgomeryContext.multiply": "MontgomeryContextV8multiply__4into",
        "MontgomeryContext.square16": "MontgomeryContextV8square16_4into",
        "MontgomeryContext.squareWide": "MontgomeryContextV10squareWide_4into",
        "Workspace.power": "WorkspaceV5power_8exponent",
        "Workspace.toMontgomery": "WorkspaceV02toD0_5count4into",
        "RSAPrivateKey.rawDecrypt": "RSAPrivateKeyV10rawDecrypt",
        "RSAPublicKey.rawEncrypt": "RSAPublicKeyV10rawEncrypt",
    }
    arithmetic = re.compile(r"^(add|adc|sub|sbb|neg|cmp)[bwlq]?$")
    # Condition codes that read the carry flag (sign and zero tests after an addition are size checks).
    carry = re.compile(r"^(j|cmov)(b|ae|c|nc|nae|nb|a|be|na|nbe)[wlq]?$")
    failures = 0
    for label, piece in kernels.items():
        starts = [i for i, l in enumerate(lines) if re.match(r"^\$s\S*" + re.escape(piece) + r"\S*:", l)]
        if not starts:
            print(f"{label}: not found (inlined away or renamed): update this script")
            failures += 1
            continue
        for start in starts:
            instructions = instructions_from(start)
            flags = None
            recent_constants = []
            jumps = 0
            problems = []
            for index, text in enumerate(instructions):
                op = text.split()[0]
                if conditional_jump(op) or op.startswith("cmov"):
                    setter = flags.split()[0] if flags else ""
                    if op.startswith("j"):
                        jumps += 1
                        if list_all:
                            print(f"    {label}: {op} after {flags}")
                    # 1. The carry of an addition, subtraction or comparison of values (not of a
                    #    constant, nor a size check in the wrappers) decides a jump or a move.
                    constant = re.search(r"\$-?\d+,", flags or "") or any(
                        register in (flags or "") for register in recent_constants)
                    if arithmetic.match(setter) and carry.match(op) and not constant \
                            and not (setter.startswith("cmp") and label.startswith("RSA")):
                        problems.append(f"{op} after `{flags}`")
                    if op.startswith("cmov"):
                        problems += cmov_feeding_address(instructions, index)
                if flag_setter.match(op):
                    flags = text
                # Registers just loaded with a constant (a comparison with them is a size check).
                loaded = re.match(r"^mov\w*\s+\$-?\d+,\s*(%\w+)", text)
                if loaded:
                    recent_constants = (recent_constants + [loaded.group(1)])[-4:]
            if label == "MontgomeryContext.square16":
                unexpected = [t for t in instructions if conditional_jump(t.split()[0])]
                if len(unexpected) > 4:
                    problems.append(f"{len(unexpected)} conditional jumps in straight-line code")
            failures += report(label, instructions, jumps, problems, "counters and sizes")
    return failures


def check_c():
    """Rule 1 for the C kernels, stricter: every conditional jump tests a constant or a counter
    stepped by inc/dec (the kernels have no size checks on values at all), except in the
    functions named as branching on public data."""
    failures = 0
    for start, line in enumerate(lines):
        name = re.match(r"^([A-Za-z_][\w.]*):", line)
        if not name:
            continue
        instructions = instructions_from(start)
        public = name.group(1) in public_branching
        flags = None
        jumps = 0
        problems = []
        for index, text in enumerate(instructions):
            op = text.split()[0]
            if conditional_jump(op):
                jumps += 1
                setter = flags.split()[0] if flags else ""
                if list_all:
                    print(f"    {name.group(1)}: {op} after {flags}")
                if not public and (not flags or ("$" not in flags and not setter.startswith(("inc", "dec")))):
                    problems.append(f"`{text}` after `{flags}`")
            if op.startswith("cmov"):
                problems += cmov_feeding_address(instructions, index)
            if flag_setter.match(op):
                flags = text
        what = "the public exponent and counters" if public else "constants"
        failures += report(f"{label_prefix} {name.group(1)}", instructions, jumps, problems, what)
    return failures


if not any(l.strip().startswith(("mulq", "mulx", "imul", "vpmadd52")) for l in lines):
    print(f"check-constant-time: {path} is not x86-64 assembly; nothing checked")
    sys.exit(0)
sys.exit(1 if (check_swift() if kind == "swift" else check_c()) else 0)
PYTHON
}

status=0
check swift "$assembly" "" "$list" || status=1

# The C kernels for RSA-2048 on AVX-512 IFMA (ModularExponentiation1024.c: the private
# operation's exponentiations; ModularExponentiation2048.c: the public operation, whose base may
# be secret; both built on IFMAMontgomery.h) at both optimisation levels a C target may be built
# with. Their only conditional jumps may be loop and size tests (a comparison with a constant, or
# a counter stepped by inc/dec), except in pfe_modexp2048_public, whose loop follows the public
# exponent's bits and calls the checked functions for everything else; a conditional move may not
# feed an address. Set-on-condition instructions are allowed (they branch on nothing).
compiler="${CC:-clang}"
if ! command -v "$compiler" >/dev/null; then
  echo "check-constant-time: no C compiler ($compiler) found; the C kernels not checked" >&2
  exit 1
fi
for kernel in ModularExponentiation1024 ModularExponentiation2048; do
  for level in -O2 -O3; do
    "$compiler" "$level" -S -I Sources/CryptoKernels/include "Sources/CryptoKernels/$kernel.c" -o "$build/$kernel$level.s"
    check c "$build/$kernel$level.s" "C $level" "$list" pfe_modexp2048_public || status=1
  done
done
exit "$status"
