/// Where the mask walks write: UTF-8 bytes of text, or units of a value.
///
/// The walks are generic over their sinks so a caller that does not need an output (unformat
/// needs no formatted text; a check of completeness needs neither) pays nothing for it: the
/// discarding sinks compile away.
protocol ByteSink {
    mutating func append(_ byte: UInt8)
}

/// Discards everything.
struct DiscardingByteSink: ByteSink {
    /// One byte of storage on purpose: unoptimised builds give every value of an empty type one
    /// shared address, and ThreadSanitizer then reports concurrent `inout` uses of it as a race.
    private var storage: UInt8 = 0
    @inline(__always) mutating func append(_ byte: UInt8) {}
}

/// Writes into a buffer sized beforehand (usually a `String`'s own storage, so the result needs no
/// copy). Bytes past the end are counted but not written: the callers size the buffer from an
/// upper bound, and this keeps a wrong bound from ever writing out of bounds.
struct BufferByteSink: ByteSink {
    private let base: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    private(set) var count = 0

    init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        // A buffer without storage has no room: a one-byte stand-in is never written.
        base = buffer.baseAddress ?? BufferByteSink.nowhere
        capacity = buffer.baseAddress == nil ? 0 : buffer.count
    }

    private nonisolated(unsafe) static let nowhere = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count < capacity { base[count] = byte }
        count &+= 1
    }

    /// How many bytes were written (never more than the buffer holds).
    var writtenCount: Int { Swift.min(count, capacity) }
}

/// Where a walk puts the value characters it accepts.
protocol UnitSink {
    associatedtype Unit
    mutating func append(_ unit: Unit)
}

/// Discards the units (counting is the walks' job).
struct DiscardingUnitSink<Unit>: UnitSink {
    /// One byte of storage on purpose: unoptimised builds give every value of an empty type one
    /// shared address, and ThreadSanitizer then reports concurrent `inout` uses of it as a race.
    private var storage: UInt8 = 0
    @inline(__always) mutating func append(_ unit: Unit) {}
}

/// Writes each unit's UTF-8 bytes: a value collected straight into a `String`'s storage.
struct UTF8UnitSink<Unit: MaskUnit>: UnitSink {
    var bytes: BufferByteSink

    @inline(__always)
    mutating func append(_ unit: Unit) { unit.write(to: &bytes) }
}

/// Units in a buffer the caller owns (temporary storage of an edit). The caller deinitializes
/// ``units`` when done; for bytes that is nothing.
struct UnitBuffer<Unit>: UnitSink {
    private let base: UnsafeMutablePointer<Unit>?
    private let capacity: Int
    private(set) var count = 0

    init(_ buffer: UnsafeMutableBufferPointer<Unit>) {
        base = buffer.baseAddress
        capacity = buffer.baseAddress == nil ? 0 : buffer.count
    }

    @inline(__always)
    mutating func append(_ unit: Unit) {
        guard count < capacity, let base else { return }
        (base + count).initialize(to: unit)
        count &+= 1
    }

    /// Appends copies of `units` (as many as there is room for).
    @inline(__always)
    mutating func append(contentsOf units: Slice<UnsafeBufferPointer<Unit>>) {
        guard let base, let source = UnsafeBufferPointer(rebasing: units).baseAddress else { return }
        let copied = Swift.min(units.count, capacity &- count)
        guard copied > 0 else { return }
        (base + count).initialize(from: source, count: copied)
        count &+= copied
    }

    /// The units appended so far.
    var units: UnsafeBufferPointer<Unit> { UnsafeBufferPointer(start: base, count: count) }

    /// Takes the first `count` units as appended: the caller wrote them through the storage's
    /// base pointer.
    mutating func assumeInitialized(_ count: Int) {
        self.count = Swift.max(0, Swift.min(count, capacity))
    }

    /// Destroys the units appended (a no-op for trivial units such as bytes).
    mutating func deinitializeAll() {
        if let base { base.deinitialize(count: count) }
        count = 0
    }
}

/// A string of at most `byteBound` UTF-8 bytes written by `body`.
///
/// In place (`inPlace`), the bytes go straight into the string's own storage: one allocation, or
/// none for up to 15 bytes, which `String` keeps inline. Use it when the bound is close to the
/// result, since the string keeps the capacity. Otherwise the bytes go to temporary storage and
/// are copied into a string of their exact size.
@inline(__always)
func makeString(byteBound: Int, inPlace: Bool, _ body: (inout BufferByteSink) -> Void) -> String {
    if inPlace {
        return String(unsafeUninitializedCapacity: byteBound) { buffer in
            var sink = BufferByteSink(buffer)
            body(&sink)
            return sink.writtenCount
        }
    }
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Swift.max(1, byteBound)) { buffer in
        var sink = BufferByteSink(buffer)
        body(&sink)
        return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<sink.writtenCount]), as: UTF8.self)
    }
}
