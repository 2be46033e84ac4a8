/// The running sum of one column of word products, as two 128-bit integers: the products' low
/// words and their high words, each summed without carries between 64-bit halves in the source.
/// The compiler turns 128-bit additions into `add`/`adc` pairs; with no `Bool` carry anywhere, it
/// has nothing to turn into a branch (which it did, for 64-bit carries, in straight-line code).
///
/// Neither sum can overflow: a column has at most 2k + 2 products, each word below 2⁶⁴, and the
/// carried-in part of the previous column is below 2⁶⁶.
///
/// Words go in and out through `UInt128(_low:_high:)` and `_low`, the standard library's public
/// transparent accessors, rather than the generic `BinaryInteger` conversions: those compile to
/// the same instructions when optimized but are generic calls, 30 times slower, in the debug
/// builds the tests run.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
struct ColumnAccumulator {
    private var lows: UInt128 = 0
    private var highs: UInt128 = 0

    @inline(__always)
    init() {}

    /// Adds x·y.
    @inline(__always)
    mutating func add(_ x: UInt64, _ y: UInt64) {
        let (high, low) = x.multipliedFullWidth(by: y)
        lows &+= UInt128(_low: low, _high: 0)
        highs &+= UInt128(_low: high, _high: 0)
    }

    /// Adds twice another column's sum (the cross products of a square).
    @inline(__always)
    mutating func addTwice(_ other: ColumnAccumulator) {
        lows &+= other.lows &+ other.lows
        highs &+= other.highs &+ other.highs
    }

    /// The sum's lowest word.
    @inline(__always)
    var lowWord: UInt64 { lows._low }

    /// Returns the lowest word and moves the rest down by one word (the carry into the next column).
    @inline(__always)
    mutating func shiftWord() -> UInt64 {
        let word = lows._low
        lows = (lows &>> 64) &+ highs
        highs = 0
        return word
    }
}
