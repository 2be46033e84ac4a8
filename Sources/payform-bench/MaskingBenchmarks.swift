import PaymentFormEngine

/// Masking hot paths: parsing, formatting, unformatting and one keystroke, plus how they scale
/// with the input length (they must stay linear).
func maskingBenchmarks() -> BenchmarkGroup {
    let cardPattern = "{{9999}} {{9999}} {{9999}} {{9999}} {{999}}"
    let card = Mask(cardPattern)
    let digits = "4111111111111111111"
    let masked = card.format(digits)
    let middle = 10 // between "1111 1" and "111" of the second group

    var benchmarks = [
        Benchmark(id: "mask.parse.card", name: "parse card mask") { blackHole(Mask(cardPattern)) },
        Benchmark(id: "mask.format.pan", name: "format 19-digit card") { blackHole(card.format(digits)) },
        Benchmark(name: "format 19-digit card with cursor") { blackHole(card.format(digits, cursor: 7)) },
        Benchmark(name: "unformat masked card") { blackHole(card.unformat(masked)) },
        Benchmark(name: "insert 1 digit mid-card (full field)") {
            blackHole(card.apply(.insert("5"), to: masked, selection: middle..<middle))
        },
        Benchmark(id: "mask.keystroke.mid", name: "insert 1 digit mid-card (18 digits)") {
            blackHole(card.apply(.insert("5"), to: "4111 1111 1111 1111 11", selection: middle..<middle))
        },
        Benchmark(name: "backspace mid-card") {
            blackHole(card.apply(.deleteBackward, to: masked, selection: middle..<middle))
        },
    ]

    for length in [16, 64, 256, 1_024, 16_384] {
        let groups = length / 4 + 1 // room for one more digit
        let digitMask = Mask(String(repeating: "{{9999}} ", count: groups))
        let freeMask = Mask("{{" + String(repeating: "*", count: length + 1) + "}}")
        let number = String(repeating: "1234567890", count: length / 10 + 1).prefix(length).description
        let words = String(repeating: "naïve é ", count: length / 8 + 1).prefix(length).description
        let numberMasked = digitMask.format(number)
        let halfway = numberMasked.utf16.count / 2
        let wordsHalfway = words.utf16.count / 2
        benchmarks += [
            Benchmark(id: length == 1024 ? "mask.format.1024" : nil, name: "format digits n=\(length)") { blackHole(digitMask.format(number)) },
            Benchmark(name: "insert digit mid n=\(length)") {
                blackHole(digitMask.apply(.insert("7"), to: numberMasked, selection: halfway..<halfway))
            },
            Benchmark(name: "format free text (*) n=\(length)") { blackHole(freeMask.format(words)) },
            Benchmark(name: "insert char mid free text n=\(length)") {
                blackHole(freeMask.apply(.insert("x"), to: words, selection: wordsHalfway..<wordsHalfway))
            },
        ]
    }
    return BenchmarkGroup(name: "Masking", benchmarks: benchmarks)
}
