/// That a hosted tokenization's temporary token paid (once: a second payment with it is refused),
/// kept under the token's id.
package struct TemporaryTokenUse: LedgerRecord, Hashable {
    package static let kind = "temporarytokenuse"

    package let tokenId: String

    package var byteCost: Int { 128 + tokenId.utf8.count }
}
