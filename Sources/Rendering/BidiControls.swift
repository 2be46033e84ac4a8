/// The Unicode bidirectional formatting characters, and how a preview keeps them from
/// reordering text around the one that carries them.
///
/// A definition text holding U+202E (right-to-left override) without its closing U+202C would
/// reverse everything after it in the same paragraph: the next field's label, the pay button's
/// text. Isolating the text (U+2068 first strong isolate ... U+2069 pop directional isolate)
/// confines every embedding, override and isolate it opens to itself, while a legitimately
/// right-to-left label still reads as written.
package enum BidiControls {
    /// Embeddings and overrides (U+202A–U+202E: LRE, RLE, PDF, LRO, RLO) and isolates
    /// (U+2066–U+2069: LRI, RLI, FSI, PDI): the characters that change the order of what follows.
    package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    /// The implicit direction marks (U+061C ALM, U+200E LRM, U+200F RLM): they change how
    /// neighbouring characters are ordered but open nothing.
    package static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0x061C || scalar.value == 0x200E || scalar.value == 0x200F
    }

    /// `text` unchanged when it holds no bidirectional control; otherwise wrapped in U+2068 ...
    /// U+2069, with each U+2069 that closes no isolate opened inside the text replaced by U+FFFD
    /// (it would end the wrapper early and let what follows it leak).
    package static func isolate(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = String.UnicodeScalarView()
        result.append("\u{2068}")
        var openIsolates = 0
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x2066...0x2068:
                openIsolates += 1
                result.append(scalar)
            case 0x2069:
                if openIsolates > 0 {
                    openIsolates -= 1
                    result.append(scalar)
                } else {
                    result.append("\u{FFFD}")
                }
            default:
                result.append(scalar)
            }
        }
        // Close what the text left open, then the wrapper: the wrapper's PDI alone would do by
        // the algorithm, but explicit closers keep the nesting plain for any reader.
        for _ in 0..<openIsolates { result.append("\u{2069}") }
        result.append("\u{2069}")
        return String(result)
    }
}
