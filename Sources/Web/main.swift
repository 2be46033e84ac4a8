// The engine's WebAssembly entry points: what `Web/dist/payform-engine.mjs` calls.
//
// One call takes a JSON request and gives a JSON answer (`payform_call`); memory for requests
// and answers goes through `payform_alloc` and `payform_free`. Natively this target builds to a
// program that does nothing: it exists for `Scripts/build/build-web.sh`.
import PaymentFormJSON

/// Memory for JavaScript to write a request into (at least one byte).
@_cdecl("payform_alloc")
public func payformAlloc(_ count: Int32) -> UnsafeMutableRawPointer {
    UnsafeMutableRawPointer.allocate(byteCount: Int(max(count, 1)), alignment: 16)
}

/// Frees what ``payformAlloc(_:)`` or ``payformCall(_:_:)`` handed out.
@_cdecl("payform_free")
public func payformFree(_ pointer: UnsafeMutableRawPointer?) {
    pointer?.deallocate()
}

/// Answers the JSON request in `bytes`: a block holding the answer's length (32 bits,
/// little-endian) and then its UTF-8 JSON, for JavaScript to read and free.
@_cdecl("payform_call")
public func payformCall(_ bytes: UnsafePointer<UInt8>, _ count: Int32) -> UnsafeMutableRawPointer {
    let request = UnsafeBufferPointer(start: bytes, count: Int(max(count, 0)))
    let answer = WebRequests.answer(request)
    let utf8 = JSONWriter().bytes(from: answer)
    let block = UnsafeMutableRawPointer.allocate(byteCount: utf8.count + 4, alignment: 16)
    block.storeBytes(of: UInt32(utf8.count).littleEndian, as: UInt32.self)
    utf8.withUnsafeBytes { block.advanced(by: 4).copyMemory(from: $0.baseAddress.unsafelyUnwrapped, byteCount: utf8.count) }
    return block
}
