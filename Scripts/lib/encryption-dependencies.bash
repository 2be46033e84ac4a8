# Sourced by Scripts/test/timing-check.sh and Scripts/dev/check-constant-time.sh, which compile the
# encryption module with swiftc outside SwiftPM: its dependencies, read from the package's target
# graph (Scripts/dev/target-graph.py, never a copy of it).
#
#   encryption_dependency_folders         sets `dependency_folders` (to test whether a rebuild is due)
#   build_encryption_dependencies BUILD   builds each dependency into BUILD, dependencies first,
#                                         and sets `includes` (-I flags) and `objects` (to link)

encryption_dependencies() {
  python3 Scripts/dev/target-graph.py build-order PaymentFormEncryption | while read -r kind name folder _; do
    [[ "$name" == PaymentFormEncryption ]] || echo "$kind $name $folder"
  done
}

encryption_dependency_folders() {
  dependency_folders=()
  local kind name folder
  while read -r kind name folder; do dependency_folders+=("$folder"); done < <(encryption_dependencies)
}

build_encryption_dependencies() {
  local build="$1" kind name folder file
  includes=(-I "$build")
  objects=()
  while read -r kind name folder; do
    if [[ "$kind" == c ]]; then
      # C kernels (hardware SHA-256 / AES), optimized as SwiftPM's release build does.
      includes+=(-I "$folder/include")
      for file in "$folder"/*.c; do
        clang -O2 -I "$folder/include" -c "$file" -o "$build/$(basename "$file" .c).o"
        objects+=("$build/$(basename "$file" .c).o")
      done
    else
      # A package-only Swift module the encryption module imports, built before it.
      local module_sources=()
      while IFS= read -r -d '' file; do module_sources+=("$file"); done < <(find "$folder" -name '*.swift' -print0 | sort -z)
      swiftc -O -wmo -swift-version 6 -parse-as-library -module-name "$name" -package-name PaymentFormEngine "${includes[@]}" \
        "${module_sources[@]}" -emit-module -emit-module-path "$build/$name.swiftmodule" -c -o "$build/$name.o"
      objects+=("$build/$name.o")
    fi
  done < <(encryption_dependencies)
}
