@testable import PaymentFormEncryption

/// SHA-256 on one implementation, as a ``HashFunction`` (so HMAC can be run on either path).
protocol PinnedSHA256: HashFunction {
    static var implementation: PrimitiveImplementation { get }
    var hasher: SHA256 { get set }
}

extension PinnedSHA256 {
    static var blockByteCount: Int { 64 }
    static var digestByteCount: Int { 32 }
    mutating func update(_ bytes: some Collection<UInt8>) { hasher.update(bytes) }
    func finalize() -> [UInt8] { hasher.finalize() }
}

/// SHA-256 in Swift, whatever the CPU.
struct PortableSHA256: PinnedSHA256 {
    static let implementation = PrimitiveImplementation.portable
    var hasher = SHA256(implementation: .portable)
    init() {}
}

/// SHA-256 on the CPU's instructions (the Swift code on a CPU without them).
struct HardwareSHA256: PinnedSHA256 {
    static let implementation = PrimitiveImplementation.hardware
    var hasher = SHA256(implementation: .hardware)
    init() {}
}

extension PrimitiveImplementation {
    /// The implementations this CPU can run for SHA-256 (a test over these on a CPU without the
    /// instructions runs the Swift code only, rather than the Swift code twice).
    static var runnableForSHA: [PrimitiveImplementation] { fastestSHA == .hardware ? [.portable, .hardware] : [.portable] }

    /// The same for AES.
    static var runnableForAES: [PrimitiveImplementation] { fastestAES == .hardware ? [.portable, .hardware] : [.portable] }
}
