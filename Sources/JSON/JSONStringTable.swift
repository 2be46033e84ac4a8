/// Makes `String`s from the document's bytes, sharing repeated ones.
///
/// Strings of up to 15 UTF-8 bytes are stored inline in the `String` value and cost no
/// allocation; longer ones are heap objects. A Client API product list repeats the same long keys
/// (`usesRedirectionTo3rdParty`), masks, labels and logo paths once per product, so a long string
/// seen before is returned as the earlier `String` (one retain) instead of a new allocation, which
/// also lets the parsed tree and the model share one copy.
///
/// Bounded so a hostile document cannot turn sharing into a cost: strings over
/// ``maximumSharedLength`` bytes are never looked up, the table stops taking new strings at
/// ``maximumEntries``, and a lookup probes at most ``maximumProbes`` slots (so colliding hashes
/// degrade to "not shared", never to a long search).
struct JSONStringTable {
    static let maximumSharedLength = 96
    static let maximumEntries = 4_096
    static let maximumProbes = 8

    /// A slot: a shared string and its hash, or free (an empty string: only strings of more than
    /// 15 bytes are shared). Not `Entry?`: the optional's generic type costs the runtime a
    /// first-time instantiation that showed in a process's first decode.
    private struct Entry {
        var hash: UInt64
        var string: String

        static var free: Entry { Entry(hash: 0, string: "") }
        var isFree: Bool { string.isEmpty }
    }

    private var slots: [Entry] = []
    private var entryCount = 0

    /// The string of `bytes` (valid UTF-8, checked by the reader), shared when seen before.
    @inline(__always)
    mutating func string(_ bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> String {
        if bytes.count <= 15 || bytes.count > Self.maximumSharedLength {
            return String(decoding: bytes, as: UTF8.self)
        }
        return shared(bytes)
    }

    private mutating func shared(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let hash = Self.hash(bytes)
        if slots.isEmpty { slots = Array(repeating: .free, count: 64) }
        let mask = slots.count - 1
        var index = Int(truncatingIfNeeded: hash) & mask
        var probes = 0
        while probes < Self.maximumProbes {
            let entry = slots[index]
            if entry.isFree {
                let string = String(decoding: bytes, as: UTF8.self)
                if entryCount < Self.maximumEntries {
                    slots[index] = Entry(hash: hash, string: string)
                    entryCount += 1
                    if entryCount * 2 > slots.count { grow() }
                }
                return string
            }
            if entry.hash == hash, Self.equal(entry.string, bytes) { return entry.string }
            index = (index + 1) & mask
            probes += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private mutating func grow() {
        var larger = [Entry](repeating: .free, count: slots.count * 2)
        let mask = larger.count - 1
        for entry in slots where !entry.isFree {
            var index = Int(truncatingIfNeeded: entry.hash) & mask
            var probes = 0
            while !larger[index].isFree, probes < Self.maximumProbes {
                index = (index + 1) & mask
                probes += 1
            }
            if larger[index].isFree { larger[index] = entry }
        }
        slots = larger
    }

    private static func equal(_ string: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var string = string
        return string.withUTF8 { stored in
            stored.count == bytes.count
                && (stored.count == 0 || memcmpEqual(stored, bytes))
        }
    }

    @inline(__always)
    private static func memcmpEqual(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let left = lhs.baseAddress, let right = rhs.baseAddress else { return lhs.count == rhs.count }
        let raw = (UnsafeRawPointer(left), UnsafeRawPointer(right))
        var offset = 0
        while offset + 8 <= lhs.count {
            if raw.0.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                != raw.1.loadUnaligned(fromByteOffset: offset, as: UInt64.self) { return false }
            offset += 8
        }
        while offset < lhs.count {
            if left[offset] != right[offset] { return false }
            offset += 1
        }
        return true
    }

    /// A fast non-cryptographic hash, eight bytes at a time (sharing only needs it to spread).
    @inline(__always)
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(bytes.count)
        guard let base = bytes.baseAddress else { return hash }
        let raw = UnsafeRawPointer(base)
        var offset = 0
        while offset + 8 <= bytes.count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0x0000_0100_0000_01B3
            hash ^= hash >> 32
            offset += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count {
            tail |= UInt64(base[offset]) << shift
            shift += 8
            offset += 1
        }
        hash = (hash ^ tail) &* 0x0000_0100_0000_01B3
        return hash ^ (hash >> 29)
    }
}
