import Foundation
import Testing
@testable import PaymentFormEncryption
import PaymentFormTestSupport

/// Google's Wycheproof test vectors, kept in the repository under `Tests/Vectors/Wycheproof`
/// (Apache-2.0; where they come from is in the README beside them). A missing file fails the test
/// that needs it: nothing is skipped and nothing is downloaded.
enum Wycheproof {
    /// `<package root>/Tests/Vectors/Wycheproof`.
    static let folder = PackageFiles.url("Tests/Vectors/Wycheproof")

    /// The vectors of one file, decoded; throws (the test fails) when the file is missing or does
    /// not decode.
    static func load<File: Decodable>(_ name: String, as type: File.Type) throws -> File {
        let url = folder.appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw MissingVectors(path: "Tests/Vectors/Wycheproof/\(name)")
        }
        return try JSONDecoder().decode(File.self, from: Data(contentsOf: url))
    }

    /// A vector file that is not in the checkout.
    struct MissingVectors: Error, CustomStringConvertible {
        let path: String
        var description: String { "\(path) is missing: the Wycheproof vectors are part of the repository" }
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
