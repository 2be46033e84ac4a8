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
# loops. Exits 1 and prints the offending instructions when a pattern appears.
#
#   Scripts/check-constant-time.sh             check (x86-64: the machine's own assembly)
#   Scripts/check-constant-time.sh --list      also list every conditional jump per function
set -euo pipefail
cd "$(dirname "$0")/.."

list=0
[[ "${1:-}" == "--list" ]] && list=1
build=.build-timing
mkdir -p "$build"
sources=()
while IFS= read -r -d '' file; do sources+=("$file"); done < <(find Sources/Encryption -name '*.swift' -print0 | sort -z)
assembly="$build/encryption.s"
if [[ ! -f "$assembly" || -n "$(find "${sources[@]}" -newer "$assembly" -print -quit)" ]]; then
  echo "== compiling the encryption module to assembly (release settings)"
  swiftc -O -wmo -swift-version 6 -parse-as-library -module-name PaymentFormEncryption -package-name PaymentFormEngine \
    -I Sources/CryptoKernels/include "${sources[@]}" -emit-assembly -o "$assembly"
fi
python3 - "$assembly" "$list" <<'PYTHON'
import re
import sys

path, list_all = sys.argv[1], sys.argv[2] == "1"
lines = open(path).read().split("\n")
if not any(l.strip().startswith("mulq") for l in lines):
    print("check-constant-time: not x86-64 assembly; nothing checked")
    sys.exit(0)

# The functions that handle secrets, by a piece of their mangled names.
kernels = {
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
        end = next(i for i in range(start, len(lines)) if ".cfi_endproc" in lines[i])
        instructions = [l.strip() for l in lines[start:end] if l.strip() and not l.strip().startswith((".", "#")) and not l.strip().endswith(":")]
        flags = None
        recent_constants = []
        jumps = 0
        problems = []
        for index, text in enumerate(instructions):
            op = text.split()[0]
            if (op.startswith("j") and op != "jmp") or op.startswith("cmov"):
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
                # 2. A conditional move feeding an address.
                if op.startswith("cmov"):
                    destination = text.split(",")[-1].strip()
                    for following in instructions[index + 1:index + 4]:
                        if "(" + destination in following or destination + ")" in following:
                            problems.append(f"`{text}` then `{following}`")
            if re.match(r"^(add|adc|sub|sbb|cmp|test|and|or|xor|inc|dec|neg|shl|shr|sar|bt)", op):
                flags = text
            # Registers just loaded with a constant (a comparison with them is a size check).
            loaded = re.match(r"^mov\w*\s+\$-?\d+,\s*(%\w+)", text)
            if loaded:
                recent_constants = (recent_constants + [loaded.group(1)])[-4:]
        if label == "MontgomeryContext.square16":
            unexpected = [t for t in instructions if t.split()[0].startswith("j") and t.split()[0] != "jmp"]
            if len(unexpected) > 4:
                problems.append(f"{len(unexpected)} conditional jumps in straight-line code")
        status = "ok" if not problems else "SUSPECT"
        print(f"{label}: {len(instructions)} instructions, {jumps} conditional jumps on counters and sizes, {status}")
        for problem in problems:
            print(f"    {problem}")
        failures += len(problems)
sys.exit(1 if failures else 0)
PYTHON
