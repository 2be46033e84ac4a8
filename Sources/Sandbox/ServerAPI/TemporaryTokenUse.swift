/// That a hosted tokenization's temporary token paid (once: a second payment with it is refused),
/// kept under the token's id.
struct TemporaryTokenUse: LedgerRecord, Hashable {
    static let kind = "temporarytokenuse"

    let tokenId: String

    var byteCost: Int { 128 + tokenId.utf8.count }
}
