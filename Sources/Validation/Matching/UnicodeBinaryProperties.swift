/// The few binary Unicode properties the backtracking matcher needs beyond the general
/// categories, as short lists of ranges (`[first, last, …]`) rather than the standard library's
/// property tables, which the page's WebAssembly engine leaves out. Each list is what the
/// toolchain's Unicode (16.0) says; `UnicodeBinaryPropertiesTests` compares them with the
/// standard library for every scalar and prints them afresh when they differ.
enum UnicodeBinaryProperties {
    /// White_Space: ICU's `\s`.
    static let whiteSpace: [UInt32] = [
        0x09, 0x0D, 0x20, 0x20, 0x85, 0x85, 0xA0, 0xA0, 0x1680, 0x1680, 0x2000, 0x200A, 0x2028, 0x2029, 0x202F, 0x202F,
        0x205F, 0x205F, 0x3000, 0x3000,
    ]

    /// Alphabetic scalars that are neither letters (`L`), letter numbers (`Nl`) nor marks (`M`):
    /// the circled and squared Latin letters, which are `So` with Other_Alphabetic.
    static let otherAlphabeticOutsideMarks: [UInt32] = [
        0x24B6, 0x24E9, 0x1F130, 0x1F149, 0x1F150, 0x1F169, 0x1F170, 0x1F189,
    ]

    /// Grapheme_Extend scalars that are not `Mn` or `Me` (spacing marks, ZWNJ, halfwidth
    /// sound marks, emoji tags, …): with those two categories, what `\b` steps over.
    static let graphemeExtendOutsideMarks: [UInt32] = [
        0x9BE, 0x9BE, 0x9D7, 0x9D7, 0xB3E, 0xB3E, 0xB57, 0xB57, 0xBBE, 0xBBE, 0xBD7, 0xBD7, 0xCC0, 0xCC0, 0xCC2, 0xCC2,
        0xCC7, 0xCC8, 0xCCA, 0xCCB, 0xCD5, 0xCD6, 0xD3E, 0xD3E, 0xD57, 0xD57, 0xDCF, 0xDCF, 0xDDF, 0xDDF, 0x1715, 0x1715,
        0x1734, 0x1734, 0x1B35, 0x1B35, 0x1B3B, 0x1B3B, 0x1B3D, 0x1B3D, 0x1B43, 0x1B44, 0x1BAA, 0x1BAA, 0x1BF2, 0x1BF3,
        0x200C, 0x200C, 0x302E, 0x302F, 0xA953, 0xA953, 0xA9C0, 0xA9C0, 0xFF9E, 0xFF9F, 0x111C0, 0x111C0, 0x11235, 0x11235,
        0x1133E, 0x1133E, 0x1134D, 0x1134D, 0x11357, 0x11357, 0x113B8, 0x113B8, 0x113C2, 0x113C2, 0x113C5, 0x113C5,
        0x113C7, 0x113C9, 0x113CF, 0x113CF, 0x114B0, 0x114B0, 0x114BD, 0x114BD, 0x115AF, 0x115AF, 0x116B6, 0x116B6,
        0x11930, 0x11930, 0x1193D, 0x1193D, 0x11F41, 0x11F41, 0x16FF0, 0x16FF1, 0x1D165, 0x1D166, 0x1D16D, 0x1D172,
        0xE0020, 0xE007F,
    ]

    /// What ICU's `\b` steps over when it looks for the characters on either side of a
    /// position: Grapheme_Extend and the format characters (`Cf`).
    static let ignoredByWordBoundaries: BacktrackingSet = BacktrackingSet
        .categories(GeneralCategories.named("Mn").map { $0.union(GeneralCategories.named("Me") ?? []).union(GeneralCategories.named("Cf") ?? []) } ?? [])
        .union(BacktrackingSet(pairs: graphemeExtendOutsideMarks))
}
