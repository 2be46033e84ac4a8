/// What a parsed mask knows besides its elements.
struct MaskHeader {
    /// The pattern the mask was parsed from, exactly as given.
    let pattern: String
    /// The literals that are not single ASCII bytes (`nil` when there are none).
    var literals: MaskLiterals?
    /// The number of elements stored after the header.
    var elementCount = 0
    /// The number of slots.
    var capacity = 0
    /// UTF-8 bytes of all literals, to size output buffers once.
    var literalUTF8Count = 0

    /// Whether every literal is a single ASCII byte (then ASCII text formats byte for byte).
    var hasOnlyASCIILiterals: Bool { literals == nil }

    /// When every slot is of one kind and no literal is a character that kind takes: that slot
    /// (so ASCII text made only of such characters formats by copying; see ``ASCIIFormat``).
    var uniformSlot: MaskElement?
}

/// A parsed mask: what ``Mask`` holds, shared by every copy of it.
///
/// One allocation holds everything: the header, then the elements in order as a flat array
/// (tail-allocated, so reading them is pointer arithmetic on the object itself). A copy of a
/// `Mask` costs one reference count.
///
/// Safe to share across threads: the elements and header are written only while the parser
/// builds the object, before anyone else can see it; afterwards nothing mutates them.
/// (`ManagedBuffer` opts out of `Sendable`, so ``Mask`` declares its reference
/// `nonisolated(unsafe)` on these grounds.)
final class MaskStorage: ManagedBuffer<MaskHeader, MaskElement> {
    /// A storage for up to `maximumElementCount` elements; the parser fills it through `fill`,
    /// which returns the header (with the number of elements it wrote).
    static func make(
        pattern: String, maximumElementCount: Int,
        fill: (UnsafeMutableBufferPointer<MaskElement>) -> MaskHeader
    ) -> MaskStorage {
        let buffer = create(minimumCapacity: maximumElementCount) { _ in MaskHeader(pattern: pattern) }
        let storage = unsafeDowncast(buffer, to: MaskStorage.self)
        storage.withUnsafeMutablePointers { header, elements in
            header.pointee = fill(UnsafeMutableBufferPointer(start: elements, count: maximumElementCount))
            header.pointee.elementCount = Swift.min(Swift.max(0, header.pointee.elementCount), maximumElementCount)
        }
        return storage
    }

    /// The uniform slot of `elements` (see ``MaskHeader/uniformSlot``), for parsers that do not
    /// track it as they go.
    static func uniformSlot(of elements: [MaskElement], literalsAreASCII: Bool) -> MaskElement? {
        guard literalsAreASCII else { return nil }
        var slot: MaskElement?
        for element in elements where !element.isLiteral {
            if let slot, slot.kind != element.kind { return nil }
            slot = element
        }
        guard let slot else { return nil }
        for element in elements where element.isLiteral && element.asciiByte &- slot.acceptedLow < slot.acceptedCount {
            return nil
        }
        return slot
    }

    // MaskElement is plain data: the elements need no deinitialization (the header is
    // deinitialized by ManagedBuffer).

    // The header is read through its pointer: reading `header` itself would cost a dynamic
    // exclusivity check per access, more than the rest of formatting a CVV. Nothing writes it
    // after `make`.

    /// The pattern the mask was parsed from.
    var pattern: String { withUnsafeMutablePointerToHeader { $0.pointee.pattern } }
    /// The literals that are not single ASCII bytes (`nil` when there are none).
    var literals: MaskLiterals? { withUnsafeMutablePointerToHeader { $0.pointee.literals } }
    /// The number of slots.
    var slotCount: Int { withUnsafeMutablePointerToHeader { $0.pointee.capacity } }
    /// UTF-8 bytes of all literals.
    var literalUTF8Count: Int { withUnsafeMutablePointerToHeader { $0.pointee.literalUTF8Count } }
    /// Whether every literal is a single ASCII byte.
    var hasOnlyASCIILiterals: Bool { withUnsafeMutablePointerToHeader { $0.pointee.hasOnlyASCIILiterals } }
    /// See ``MaskHeader/uniformSlot``.
    var uniformSlot: MaskElement? { withUnsafeMutablePointerToHeader { $0.pointee.uniformSlot } }

    /// Runs `body` on the elements.
    @inline(__always)
    func withElements<Result>(_ body: (UnsafeBufferPointer<MaskElement>) -> Result) -> Result {
        withUnsafeMutablePointers { header, elements in
            body(UnsafeBufferPointer(start: elements, count: header.pointee.elementCount))
        }
    }
}
