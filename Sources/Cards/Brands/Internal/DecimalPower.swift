/// Powers of ten for prefix arithmetic; exponents are at most 19 (`UInt64` holds 10^19).
enum DecimalPower {
    static let table: [UInt64] = {
        var powers: [UInt64] = [1]
        for _ in 1...19 { powers.append(powers[powers.count - 1] * 10) }
        return powers
    }()

    /// 10^exponent for 0 ≤ exponent ≤ 19.
    static func of(_ exponent: Int) -> UInt64 { table[exponent] }
}
