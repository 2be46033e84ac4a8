import Foundation
import PaymentFormJSON

/// A SEPA Direct Debit mandate (`…/mandates`, both platforms). Created `ACTIVE` when it needs no
/// signature (`UNSIGNED`, `TICK_BOX`), else `CREATED` until the customer signs it on the page the
/// create answer's `merchantAction` redirects to (``MandateSigningPage``): signed, it is
/// `ACTIVE`; refused, `REVOKED`. The merchant blocks an `ACTIVE` mandate, unblocks a `BLOCKED`
/// one and revokes either; a direct debit uses an `ACTIVE` one (a `UNIQUE` mandate is `USED` then);
/// any other move is refused with the status it met.
package struct Mandate: Sendable, Hashable {
    package enum Status: String, Sendable, Hashable {
        case created = "CREATED"
        case active = "ACTIVE"
        case blocked = "BLOCKED"
        case revoked = "REVOKED"
        /// A `UNIQUE` mandate a direct debit collected under: it takes no other.
        case used = "USED"
    }

    /// How the customer agrees to the mandate. Connect knows `UNSIGNED` and `SMS`; Online
    /// Payments also `TICK_BOX` and `AIS`.
    package enum SignatureType: String, Sendable, Hashable, CaseIterable {
        case unsigned = "UNSIGNED"
        case sms = "SMS"
        case tickBox = "TICK_BOX"
        case ais = "AIS"

        /// Whether the customer signs on a page first (the create answers `merchantAction`).
        package var redirects: Bool { self == .sms || self == .ais }

        /// The types `version`'s platform takes.
        package static func accepted(by version: ServerAPIVersion) -> [SignatureType] {
            version == .v1 ? [.unsigned, .sms] : allCases
        }
    }

    /// What the merchant or the customer does to a mandate.
    package enum Move: String, Sendable {
        case block, unblock, revoke, sign, refuse
        /// A direct debit collects under it: a `UNIQUE` mandate is `USED` then, a `RECURRING` one
        /// stays `ACTIVE`.
        case use
    }

    /// Why a move is refused: the mandate's status when it was tried.
    package struct Refusal: Error {
        package let status: Status
        package let move: Move
    }

    package let reference: String
    package let version: ServerAPIVersion
    package let recurrenceType: String
    package let signatureType: SignatureType
    package let customerReference: JSONValue?
    package let alias: JSONValue?
    package let customer: JSONValue?
    /// Where the customer goes back after the signing page (`returnUrl`), with `RETURNMAC`.
    package let returnURL: String?
    package let returnMAC: String
    package private(set) var status: Status
    /// The direct debit waiting for this mandate's signature (an inline mandate of a payment).
    package var paymentId: String?

    package init(reference: String, version: ServerAPIVersion, recurrenceType: String, signatureType: SignatureType, customerReference: JSONValue?,
         alias: JSONValue?, customer: JSONValue?, returnURL: String?) {
        self.reference = reference
        self.version = version
        self.recurrenceType = recurrenceType
        self.signatureType = signatureType
        self.customerReference = customerReference
        self.alias = alias
        self.customer = customer
        self.returnURL = returnURL
        returnMAC = UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        status = signatureType.redirects ? .created : .active
    }

    /// Makes `move`, or refuses it as the platform does: block only an `ACTIVE` mandate,
    /// unblock only a `BLOCKED` one, revoke an `ACTIVE` or `BLOCKED` one, sign or refuse only a
    /// `CREATED` one.
    package mutating func make(_ move: Move) throws(Refusal) {
        let next: Status? = switch (move, status) {
        case (.block, .active): .blocked
        case (.unblock, .blocked): .active
        case (.revoke, .active), (.revoke, .blocked): .revoked
        case (.sign, .created): .active
        case (.refuse, .created): .revoked
        case (.use, .active): recurrenceType == "UNIQUE" ? .used : .active
        default: nil
        }
        guard let next else { throw Refusal(status: status, move: move) }
        status = next
    }

    package var byteCost: Int {
        let writer = JSONWriter()
        return 384 + reference.utf8.count + (returnURL?.utf8.count ?? 0) + (paymentId?.utf8.count ?? 0)
            + [customerReference, alias, customer].reduce(0) { $0 + ($1.map { writer.bytes(from: $0).count } ?? 0) }
    }

    /// The mandate as `MandateResponse` names its members.
    package var json: JSONValue {
        var mandate = JSONObject([
            (key: "uniqueMandateReference", value: .string(reference)),
            (key: "status", value: .string(status.rawValue)),
            (key: "recurrenceType", value: .string(recurrenceType)),
        ])
        if let alias { mandate.append("alias", alias) }
        if let customerReference { mandate.append("customerReference", customerReference) }
        if let customer { mandate.append("customer", customer) }
        return .object(mandate)
    }

    /// The signing page's path on the sandbox.
    package var pagePath: String { MandateSigningPage.pathPrefix + version.rawValue + "/" + reference }
}
