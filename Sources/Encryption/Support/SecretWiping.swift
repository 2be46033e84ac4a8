/// Overwrites key material with zeros once it is no longer needed.
///
/// Best effort, as in any language with copy-on-write values: this clears the buffer the caller
/// owns (a content-encryption key, an unwrapped key), so a later heap disclosure or core dump does
/// not find it; copies the standard library made earlier (none on the paths that call this) and
/// derived AES round keys are not reached. `@inline(never)` keeps the optimizer from treating the
/// stores as dead because the buffer is about to be freed.
@inline(never)
func wipe(_ bytes: inout [UInt8]) {
    bytes.withUnsafeMutableBytes { buffer in
        guard let base = buffer.baseAddress else { return }
        base.initializeMemory(as: UInt8.self, repeating: 0, count: buffer.count)
    }
}
