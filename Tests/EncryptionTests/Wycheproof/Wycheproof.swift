import Foundation
import Testing
@testable import PaymentFormEncryption
import PaymentFormTestSupport

/// Google's Wycheproof test vectors, read from a checkout of them beside the package: CI runs on a
/// clean clone with the project's shared folder next to it; a user's clone has none, and these
/// tests are then skipped with the reason shown (they never download anything).
enum Wycheproof {
    /// `<package root>/../shared/vectors/wycheproof`.
    static let folder = PackageFiles.root.deletingLastPathComponent().appendingPathComponent("shared/vectors/wycheproof")

    static var isAvailable: Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent("rsa_oaep_misc_test.json").path)
    }

    /// The trait that skips a test, saying why, when the vectors are absent.
    static let enabled = ConditionTrait.enabled(
        if: isAvailable, "Wycheproof vectors not found beside the package (../shared/vectors/wycheproof): skipped")

    static func load<File: Decodable>(_ name: String, as type: File.Type) throws -> File {
        try JSONDecoder().decode(File.self, from: Data(contentsOf: folder.appendingPathComponent(name)))
    }

    /// What a vector expects. `acceptable` leaves the choice to the implementation (for example
    /// legacy edge cases); such a vector passes either way, but if it is accepted the result must
    /// be right.
    enum Result: String, Decodable {
        case valid, invalid, acceptable
    }

    /// Counts of one file's vectors: those run, and those not applicable to this library (other
    /// key sizes, hashes or algorithms), which are skipped by design.
    struct Tally: CustomStringConvertible {
        var run = 0
        var notApplicable = 0
        var description: String { "\(run) vectors run, \(notApplicable) not applicable" }
    }
}

extension Array where Element == UInt8 {
    /// Bytes from a Wycheproof hex field.
    init(wycheproofHex text: String) {
        self = Hex.bytes(text)
    }
}
