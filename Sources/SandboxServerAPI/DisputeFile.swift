/// A file uploaded to a dispute (Connect's file service, `POST /files/v1/{merchantId}/disputes/{id}`):
/// the sandbox keeps its size, never its contents. It has no life of its own: uploaded, read.
package struct DisputeFile: LedgerRecord, Hashable {
    package static let kind = "file"

    package let id: String
    package let disputeId: String
    /// The size of the upload's body.
    package let bytes: Int

    package var byteCost: Int { 256 + id.utf8.count + disputeId.utf8.count }
}
