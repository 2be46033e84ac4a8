/// Unicode's `White_Space` property, as a list of its code points: what
/// `Unicode.Scalar.Properties.isWhitespace` answers, without the standard library's property
/// tables (some 20 KB the page's WebAssembly engine would otherwise carry for this alone).
///
/// The list is Unicode's own (PropList.txt); a test holds it to the standard library's answer for
/// every scalar, so a toolchain with another Unicode version fails the test before it changes
/// a result.
package enum UnicodeWhiteSpace {
    /// Whether `scalar` has the `White_Space` property.
    package static func contains(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }
}
