#!/usr/bin/env bash
# Checks that what Scripts/build/build-web.sh publishes can be read by a server running as another user
# (nginx's workers, a CDN's uploader): every file 0644 and every folder 0755, in Web/dist/site/
# and inside the npm tarball, as built (nothing is fixed first). A file of mode 0600 there is one
# nginx cannot open: it logs a permission error and falls back to another encoding, or answers 403.
#
#   Scripts/dev/check-web-modes.sh                  Web/dist/site/ and Web/dist/payform-web-form-*.tgz
#   Scripts/dev/check-web-modes.sh PATH...          folders (walked) and .tgz files (read with tar -tvzf)
#   Scripts/dev/check-web-modes.sh --self-test      the check itself: a folder and a tarball each with
#                                               one 0600 file must fail, their 0644 twins pass
#   Scripts/dev/check-web-modes.sh --help           this text
#
# Exit status: 0 every mode as it should be, 1 a mode is wrong (each such path is listed), 2 a
# path is missing. Scripts/build/build-web.sh runs it on what it built; the npm-package step runs
# --self-test.
set -euo pipefail
cd "$(dirname "$0")/../.."

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; }

# check_folder DIR: prints each entry whose type or mode is wrong; status 1 when there is one.
check_folder() {
  local wrong
  wrong=$(find "$1" \( \( -type d ! -perm 0755 \) -o \( -type f ! -perm 0644 \) -o \( ! -type d ! -type f \) \) \
    -printf '%M %p\n')
  [[ -z $wrong ]] || { printf '%s\n' "$wrong"; return 1; }
}

# check_tarball FILE: the same for the entries of a gzipped tarball (tar -tvzf: mode first).
check_tarball() {
  local listing wrong
  listing=$(tar -tvzf "$1") || { echo "$1: not a readable gzipped tarball"; return 1; }
  [[ -n $listing ]] || { echo "$1: an empty tarball"; return 1; }
  wrong=$(awk '$1 != "-rw-r--r--" && $1 != "drwxr-xr-x" { print $1, $NF }' <<< "$listing")
  [[ -z $wrong ]] || { printf '%s\n' "$wrong" | sed "s|^|$1: |"; return 1; }
}

check() { # check PATH...: each folder or tarball; status 1 when any mode is wrong, 2 when a path is missing
  local status=0 path
  for path in "$@"; do
    if [[ -d $path ]]; then
      check_folder "$path" || status=1
    elif [[ -f $path && $path == *.tgz ]]; then
      check_tarball "$path" || status=1
    else
      echo "check-web-modes: $path is neither a folder nor a .tgz file"
      return 2
    fi
  done
  return "$status"
}

self_test() {
  local scratch status=0
  scratch=$(mktemp -d)
  self_test_in "$scratch" || status=$?
  rm -rf "$scratch"
  return "$status"
}

self_test_in() { # self_test_in SCRATCH
  local scratch=$1 status
  for name in good bad; do
    mkdir -p "$scratch/$name/package/site"
    chmod 0755 "$scratch/$name" "$scratch/$name/package" "$scratch/$name/package/site"
    printf 'x' > "$scratch/$name/package/site/a.mjs"
    printf 'y' > "$scratch/$name/package/site/a.mjs.br"
    chmod 0644 "$scratch/$name/package/site/a.mjs" "$scratch/$name/package/site/a.mjs.br"
  done
  # What brotli -o wrote over a mktemp file: its mode, 0600.
  chmod 0600 "$scratch/bad/package/site/a.mjs.br"
  for name in good bad; do tar -czf "$scratch/$name.tgz" -C "$scratch/$name" package; done
  check "$scratch/good/package/site" "$scratch/good.tgz" > "$scratch/out" || {
    echo "check-web-modes --self-test: a folder and a tarball of 0644 files and 0755 folders failed:"; cat "$scratch/out"; return 1; }
  for path in "$scratch/bad/package/site" "$scratch/bad.tgz"; do
    status=0
    check "$path" > "$scratch/out" || status=$?
    if [[ $status != 1 ]] || ! grep -q 'a.mjs.br' "$scratch/out" || grep -q 'a.mjs$' "$scratch/out"; then
      echo "check-web-modes --self-test: a 0600 file in ${path##*/} was not the one reported (status $status):"; cat "$scratch/out"
      return 1
    fi
  done
  echo "check-web-modes --self-test: a 0600 file fails the check in a folder and in a tarball; 0644 files and 0755 folders pass"
}

case "${1:-}" in
  -h|--help) usage; exit 0 ;;
  --self-test) self_test; exit ;;
esac
paths=("$@")
if [[ ${#paths[@]} -eq 0 ]]; then
  [[ -d Web/dist/site ]] || { echo "check-web-modes: Web/dist/site is missing (run Scripts/build/build-web.sh)" >&2; exit 2; }
  paths=(Web/dist/site)
  shopt -s nullglob
  paths+=(Web/dist/payform-web-form-*.tgz)
fi
status=0
check "${paths[@]}" || status=$?
if [[ $status == 0 ]]; then
  echo "check-web-modes: every file is 0644 and every folder 0755 in ${paths[*]}"
else
  echo "check-web-modes: the entries above cannot be read by a server running as another user (files must be 0644, folders 0755)" >&2
fi
exit "$status"
