import Testing
@testable import PaymentFormEncryption
import PaymentFormTestSupport

/// docs/limits.md states the key sizes the code enforces (it once gave the public-key bound for
/// private keys too).
@Suite("Key limits in docs/limits.md")
struct KeyLimitsDocumentationTests {
    /// `8192` as the document writes it: `8,192`.
    static func grouped(_ number: Int) -> String {
        let digits = String(number)
        guard digits.count > 3 else { return digits }
        return digits.dropLast(3) + "," + digits.suffix(3)
    }

    @Test("the private-key and public-key rows give the code's bounds")
    func rows() throws {
        let lines = try PackageFiles.text("docs/limits.md").split(separator: "\n")
        let privateRow = try #require(lines.first { $0.hasPrefix("| RSA modulus of a private key") })
        let publicRow = try #require(lines.first { $0.hasPrefix("| RSA modulus of a public key") })
        let policy = RSAKeyPolicy.standard
        #expect(privateRow.contains("\(policy.minimumModulusBits) to \(Self.grouped(RSAKeyPolicy.maximumPrivateModulusBits)) bits"), "\(privateRow)")
        #expect(publicRow.contains("\(policy.minimumModulusBits) to \(Self.grouped(policy.maximumModulusBits)) bits"), "\(publicRow)")
    }
}
