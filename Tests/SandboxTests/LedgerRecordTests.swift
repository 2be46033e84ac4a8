import Foundation
import Testing
import PaymentFormJSON
@testable import PaymentFormSandbox
@testable import PaymentFormSandboxServerAPI

/// The record kinds the ledger keeps beside payments: each a typed value with the moves its
/// platform allows, kept and changed by kind and id.
@Suite("Server API: typed records and their lifecycles")
struct LedgerRecordTests {
    static let payoutMoves: [(Payout.Move, Payout.Status, Payout.Status?)] = [
        (.approve, .pendingApproval, .payoutRequested), (.approve, .payoutRequested, nil), (.approve, .cancelled, nil),
        (.cancel, .pendingApproval, .cancelled), (.cancel, .payoutRequested, .cancelled), (.cancel, .cancelled, nil),
        (.cancelApproval, .pendingApproval, .cancelled), (.cancelApproval, .payoutRequested, nil), (.cancelApproval, .cancelled, nil),
    ]

    @Test("a payout moves only as Connect allows", arguments: payoutMoves)
    func payoutMove(move: Payout.Move, from: Payout.Status, to: Payout.Status?) {
        #expect(move.next(from: from) == to)
    }

    static let disputeMoves: [(Dispute.Move, Dispute.Status, Dispute.Status?)] = [
        (.submit, .created, .submitted), (.submit, .submitted, nil), (.submit, .cancelled, nil),
        (.cancel, .created, .cancelled), (.cancel, .submitted, .cancelled), (.cancel, .cancelled, nil),
    ]

    @Test("a dispute moves only as Connect allows", arguments: disputeMoves)
    func disputeMove(move: Dispute.Move, from: Dispute.Status, to: Dispute.Status?) {
        #expect(move.next(from: from) == to)
    }

    @Test("a payout starts in each platform's first status and shows it in its JSON", arguments: ServerAPIVersion.allCases)
    func payoutStart(version: ServerAPIVersion) throws {
        var payout = Payout(id: "p1", version: version, amount: 300, currencyCode: "EUR")
        #expect(payout.status == (version == .v1 ? .pendingApproval : .payoutRequested))
        #expect(payout.json["status"] == .string(payout.status.rawValue))
        #expect(payout.json["statusOutput"]?["statusCode"] == .number(String(payout.status.code)))
        try payout.apply(.cancel)
        #expect(payout.json["statusOutput"]?["isCancellable"] == .bool(false))
        #expect(throws: Payout.Refusal(status: .cancelled)) { try payout.apply(.cancel) }
    }

    @Test("the ledger keeps records by kind and id: a refused change keeps nothing, an unknown id is nil")
    func ledger() {
        let ledger = ServerAPILedger()
        ledger.keep(Dispute(id: "d1", paymentId: "p", amount: 5, currencyCode: "EUR"), id: "d1")
        ledger.keep(MerchantBatch(reference: "d1"), id: "d1")
        #expect(ledger.record(Dispute.self, "d1")?.status == .created)
        #expect(ledger.record(MerchantBatch.self, "d1")?.status == .received)
        #expect(ledger.record(Payout.self, "d1") == nil)
        let submitted = ledger.updateRecord(Dispute.self, "d1") { (dispute: inout Dispute) throws(Dispute.Refusal) in try dispute.apply(.submit) }
        #expect((try? submitted?.get())?.status == .submitted)
        let again = ledger.updateRecord(Dispute.self, "d1") { (dispute: inout Dispute) throws(Dispute.Refusal) in try dispute.apply(.submit) }
        #expect(throws: Dispute.Refusal(status: .submitted)) { try again?.get() }
        #expect(ledger.record(Dispute.self, "d1")?.status == .submitted)
        #expect(ledger.updateRecord(Dispute.self, "unknown") { (_: inout Dispute) in } == nil)
        #expect(ledger.insert(TemporaryTokenUse(tokenId: "t"), id: "t"))
        #expect(!ledger.insert(TemporaryTokenUse(tokenId: "t"), id: "t"))
        #expect(ledger.records(Dispute.self).map(\.id) == ["d1"])
    }
}
