/// A file uploaded to a dispute (Connect's file service, `POST /files/v1/{merchantId}/disputes/{id}`):
/// the sandbox keeps its size, never its contents. It has no life of its own: uploaded, read.
struct DisputeFile: LedgerRecord, Hashable {
    static let kind = "file"

    let id: String
    let disputeId: String
    /// The size of the upload's body.
    let bytes: Int

    var byteCost: Int { 256 + id.utf8.count + disputeId.utf8.count }
}
