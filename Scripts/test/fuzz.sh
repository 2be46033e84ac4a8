#!/usr/bin/env bash
# Builds the libFuzzer targets under Fuzz/Targets with AddressSanitizer and runs each for a while,
# two targets at a time (one process each, one per core).
#
#   Scripts/test/fuzz.sh                      every target, 60 seconds each
#   Scripts/test/fuzz.sh --time 600 mask-editing validators
#   Scripts/test/fuzz.sh --build-only         compile, run nothing
#   Scripts/test/fuzz.sh --list               the target names
#
# Each target is compiled by swiftc (a SwiftPM executable would clash with libFuzzer's own `main`):
# the library modules it needs, instrumented, then Fuzz/Support + the target's entry file, which
# defines `LLVMFuzzerTestOneInput`. Inputs that libFuzzer discovers go to .build-fuzz/corpus/NAME
# (not committed); the seeds in Fuzz/Corpus/NAME are read, never written. A crash, a sanitizer
# report, a violated invariant, a timeout (10 s per input) or an out-of-memory (2 GiB) stops that
# target, saves the input to fuzz-artifacts/ and makes the script exit 1 after the other targets.
# Replay one with: .build-fuzz/fuzz-NAME fuzz-artifacts/NAME-crash-...
set -euo pipefail
cd "$(dirname "$0")/../.."

seconds=60
build_only=0
targets=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --time) seconds="${2:?--time needs a number of seconds}"; shift 2 ;;
    --build-only) build_only=1; shift ;;
    --list) for f in Fuzz/Targets/*.swift; do basename "$f" .swift; done; exit 0 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "fuzz.sh: unknown option $1" >&2; exit 2 ;;
    *) targets+=("$1"); shift ;;
  esac
done
if [[ ${#targets[@]} -eq 0 ]]; then
  for f in Fuzz/Targets/*.swift; do targets+=("$(basename "$f" .swift)"); done
fi
for name in "${targets[@]}"; do
  [[ -f "Fuzz/Targets/$name.swift" ]] || { echo "fuzz.sh: no target $name (see --list)" >&2; exit 2; }
done

build=.build-fuzz
mkdir -p "$build/modules" "$build/generated" fuzz-artifacts
# -I Sources/CryptoKernels/include: the C kernels' module map, for `import PaymentFormCryptoKernels`.
flags=(-swift-version 6 -O -sanitize=fuzzer,address -parse-as-library -package-name PaymentFormEngine -I "$build/modules"
  -I Sources/CryptoKernels/include)

# The embedded resources a module is built with (the package's build plugin does this for SwiftPM
# builds; which folders each module embeds is the plugin's table, read by Scripts/dev/target-graph.py).
echo "== embedding resources"
if [[ ! -x "$build/embed-resources" || Sources/EmbedResourcesTool/main.swift -nt "$build/embed-resources" ]]; then
  swiftc -O Sources/EmbedResourcesTool/main.swift -o "$build/embed-resources"
fi
embed() {
  local output="$build/generated/$1/EmbeddedResources.swift"; shift
  "$build/embed-resources" Resources "$output.new" "$@"
  if cmp -s "$output.new" "$output"; then rm "$output.new"; else mv "$output.new" "$output"; fi
}
# build_module MODULE FOLDER, the modules it imports, then "--"
# and any generated sources. A module is rebuilt when one of its sources or one of its imports is
# newer than its object. Module names are the package's target names; `package` symbols need the
# package name (-package-name above).
build_module() {
  local module="$1" folder="$2"; shift 2
  local inputs=()
  while [[ $# -gt 0 && "$1" != "--" ]]; do inputs+=("$build/modules/$1.o"); shift; done
  [[ $# -gt 0 ]] && shift
  local sources=()
  while IFS= read -r -d '' file; do sources+=("$file"); done < <(find "$folder" -name '*.swift' -print0 | sort -z)
  sources+=("$@")
  local object="$build/modules/$module.o"
  if [[ -f "$object" && -z "$(find "${sources[@]}" "${inputs[@]}" -newer "$object" -print -quit)" ]]; then
    return
  fi
  echo "== compiling $module"
  swiftc "${flags[@]}" -module-name "$module" -wmo -c "${sources[@]}" -o "$object" \
    -emit-module -emit-module-path "$build/modules/$module.swiftmodule"
}
# The C target (hardware SHA-256 / AES kernels): clang, instrumented like the Swift modules, its
# files combined into one object so the link below picks it up with the others.
build_c_module() {
  local module="$1" folder="$2"
  local object="$build/modules/$module.o"
  if [[ -f "$object" && -z "$(find "$folder" -newer "$object" -print -quit)" ]]; then
    return
  fi
  echo "== compiling $module (C)"
  mkdir -p "$build/c/$module"
  local objects=()
  for file in "$folder"/*.c; do
    local out="$build/c/$module/$(basename "$file" .c).o"
    clang -O2 -fsanitize=fuzzer-no-link,address -I "$folder/include" -c "$file" -o "$out"
    objects+=("$out")
  done
  clang -r "${objects[@]}" -o "$object"
}
# The modules the fuzz targets import, and what they need: the package's target graph
# (Scripts/dev/target-graph.py reads `swift package dump-package`). Each module starts as soon as
# every module it imports is built, two at a time; a failure stops the script once the running
# builds end.
build_one() { # build_one KIND MODULE FOLDER DEPENDENCIES RESOURCES
  local kind=$1 module=$2 folder=$3 dependencies=$4 resources=$5
  if [[ "$kind" == c ]]; then
    build_c_module "$module" "$folder"
    return
  fi
  local inputs=() generated=()
  [[ "$dependencies" != - ]] && IFS=',' read -r -a inputs <<< "$dependencies"
  if [[ "$resources" != - ]]; then
    local folders=() files=() one
    IFS=',' read -r -a folders <<< "$resources"
    for one in "${folders[@]}"; do files+=(Resources/"$one"/*); done
    mkdir -p "$build/generated/$module"
    embed "$module" "${files[@]}"
    generated=(-- "$build/generated/$module/EmbeddedResources.swift")
  fi
  build_module "$module" "$folder" ${inputs[@]+"${inputs[@]}"} ${generated[@]+"${generated[@]}"}
}
declare -A line_of=() state=() module_of_job=()
modules=()
while read -r kind module folder dependencies resources; do
  modules+=("$module")
  line_of[$module]="$kind $module $folder $dependencies $resources"
done < <(python3 Scripts/dev/target-graph.py build-order $(grep -ho '^import PaymentForm[A-Za-z]*' Fuzz/Targets/*.swift Fuzz/Support/*.swift | cut -d' ' -f2 | sort -u))
running=0
left=${#modules[@]}
build_failed=0
while (( left > 0 )); do
  if (( build_failed == 0 )); then
    for module in "${modules[@]}"; do
      (( running < 2 )) || break
      [[ -z "${state[$module]:-}" ]] || continue
      read -r _ _ _ dependencies _ <<< "${line_of[$module]}"
      ready=1
      if [[ "$dependencies" != - ]]; then
        IFS=',' read -r -a needed <<< "$dependencies"
        for dependency in "${needed[@]}"; do
          [[ -z "${line_of[$dependency]:-}" || "${state[$dependency]:-}" == done ]] || { ready=0; break; }
        done
      fi
      (( ready == 1 )) || continue
      # shellcheck disable=SC2086 # the line's five words are build_one's arguments
      build_one ${line_of[$module]} &
      module_of_job[$!]=$module
      state[$module]=running
      running=$((running + 1))
    done
  fi
  if (( running == 0 )); then
    (( build_failed == 1 )) && break
    echo "fuzz.sh: no module can be built next (a dependency outside the build order?)" >&2
    exit 1
  fi
  finished=""
  wait -n -p finished || build_failed=1
  state[${module_of_job[$finished]}]=done
  running=$((running - 1))
  left=$((left - 1))
done
[[ $build_failed -eq 0 ]] || { echo "fuzz.sh: a module did not build (see above)" >&2; exit 1; }

# Links run two at a time (each is one process, the machine has two cores); a failure of any
# stops the script after the others.
link_one() { # link_one NAME: links fuzz-NAME when it is older than what goes into it
  local name=$1 binary="$build/fuzz-$1"
  if [[ ! -f "$binary" || "Fuzz/Targets/$name.swift" -nt "$binary" || "Fuzz/Support/FuzzInput.swift" -nt "$binary" \
        || Tests/TestSupport/HTMLStructure.swift -nt "$binary" || Tests/TestSupport/JSONText.swift -nt "$binary" \
        || Tests/TestSupport/RendererAllowList.swift -nt "$binary" \
        || -n "$(find "$build/modules" -name '*.o' -newer "$binary" -print -quit)" ]]; then
    echo "== linking fuzz-$name"
    # Tests/TestSupport's HTML and JSON helpers are shared with the tests (one copy of each).
    # Into a file, then shown without the linker's noise.
    local link_status=0
    swiftc "${flags[@]}" -module-name "Fuzz" Fuzz/Support/*.swift Tests/TestSupport/HTMLStructure.swift Tests/TestSupport/JSONText.swift Tests/TestSupport/RendererAllowList.swift \
      "Fuzz/Targets/$name.swift" \
      "$build"/modules/*.o -o "$binary" > "$build/link-$name.log" 2>&1 || link_status=$?
    grep -v 'Cannot export local symbol' "$build/link-$name.log" || true
    [[ $link_status -eq 0 ]] || { echo "fuzz.sh: linking fuzz-$name failed (exit $link_status)" >&2; return 1; }
  fi
}
link_failed=0
running=0
for name in "${targets[@]}"; do
  if (( running >= 2 )); then wait -n || link_failed=1; running=$((running - 1)); fi
  link_one "$name" &
  running=$((running + 1))
done
while (( running > 0 )); do wait -n || link_failed=1; running=$((running - 1)); done
[[ $link_failed -eq 0 ]] || exit 1
[[ $build_only -eq 1 ]] && exit 0

# Targets run two at a time, each for its full time on its own core (libFuzzer runs one
# process per target here); each writes its summary line to $build/result-NAME and, after a
# finding, what the report said to $build/details-NAME, read back in target order below.
fuzz_one() { # fuzz_one NAME
  local name=$1
  local corpus="$build/corpus/$name"
  mkdir -p "$corpus" "Fuzz/Corpus/$name"
  local log="$build/fuzz-$name.log"
  rm -f "$build/result-$name" "$build/details-$name"
  echo "== fuzzing $name for ${seconds}s (log: $log)"
  local start
  start=$(date +%s)
  local status=0
  # A target may add libFuzzer flags on a line `// libfuzzer-options: ...` (see Fuzz/README.md).
  local extra=()
  read -r -a extra <<< "$(sed -n 's|^// libfuzzer-options: *||p' "Fuzz/Targets/$name.swift" | head -n 1)"
  # Without leak detection per input, AddressSanitizer's check at exit must be off as well.
  local asan_options="${ASAN_OPTIONS:-}"
  [[ " ${extra[*]+"${extra[*]}"} " == *" -detect_leaks=0 "* ]] && asan_options="detect_leaks=0${asan_options:+:$asan_options}"
  # Leaks inside the toolchain's Foundation are suppressed by name (Fuzz/lsan-suppressions.txt
  # says which and why); any other leak still stops the target.
  LSAN_OPTIONS="suppressions=$PWD/Fuzz/lsan-suppressions.txt${LSAN_OPTIONS:+:$LSAN_OPTIONS}" \
  ASAN_OPTIONS="$asan_options" SWIFT_BACKTRACE=enable=no "$build/fuzz-$name" "$corpus" "Fuzz/Corpus/$name" \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=8192 ${extra[@]+"${extra[@]}"} \
    -artifact_prefix="fuzz-artifacts/$name-" -print_final_stats=1 > "$log" 2>&1 || status=$?
  local elapsed=$(( $(date +%s) - start ))
  local runs coverage
  runs=$(grep -Eo 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -Eo '[0-9]+$' || echo "?")
  coverage=$(grep -Eo 'cov: [0-9]+' "$log" | tail -n 1 | grep -Eo '[0-9]+' || echo "?")
  if [[ $status -ne 0 ]]; then
    printf '%-20s FOUND SOMETHING after %ss (exit %s); see %s and fuzz-artifacts/\n' "$name" "$elapsed" "$status" "$log" > "$build/result-$name"
    # What the report said, kept for the end of the output: the error, the first frames of its
    # stack, and the input (libFuzzer prints small ones as base64).
    {
      echo "-- $name: $(grep -m 1 -E 'ERROR|invariant violated|Fatal error' "$log" || echo 'no error line (see the log)')"
      grep -m 1 -A 10 -E '^(Direct|Indirect) leak|^==[0-9]+==ERROR' "$log" | grep -E '^ +#[0-9]+ ' | head -n 10 || true
      grep -E 'SUMMARY|Test unit written|^Base64:' "$log" | head -n 4 || true
    } > "$build/details-$name"
  else
    printf '%-20s ok  %5ss  %10s runs  coverage %s edges\n' "$name" "$elapsed" "$runs" "$coverage" > "$build/result-$name"
  fi
}
running=0
for name in "${targets[@]}"; do
  if (( running >= 2 )); then wait -n || true; running=$((running - 1)); fi
  fuzz_one "$name" &
  running=$((running + 1))
done
wait
failed=()
summary=()
details=()
for name in "${targets[@]}"; do
  if [[ -f "$build/result-$name" ]]; then
    summary+=("$(cat "$build/result-$name")")
  else
    summary+=("$(printf '%-20s did not report (see %s)' "$name" "$build/fuzz-$name.log")")
    failed+=("$name")
  fi
  if [[ -f "$build/details-$name" ]]; then
    failed+=("$name")
    details+=("$(cat "$build/details-$name")")
  fi
done

echo "== summary"
printf '%s\n' "${summary[@]}"
if [[ ${#failed[@]} -gt 0 ]]; then
  printf '%s\n' "${details[@]}" | sed '/^$/d'
  echo "fuzz.sh: findings in: ${failed[*]}" >&2
  exit 1
fi
