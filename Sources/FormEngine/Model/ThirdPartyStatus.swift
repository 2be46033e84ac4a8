package import PaymentFormJSON

/// Where a payment with a third party (Bancontact 3012, WeChat Pay 863) stands
/// (`GET /payments/{paymentId}/thirdpartystatus`).
public struct ThirdPartyStatusResponse: ClientAPIModel, JSONModel, Hashable {
    /// The states the API reports; unknown ones are kept by name.
    public enum Status: OpenEnumeration {
        /// The customer has not connected to the third party yet.
        case waiting
        /// The customer is authenticating.
        case initialized
        /// The payment is in progress.
        case authorized
        /// The customer completed the payment.
        case completed
        /// A state the engine does not know.
        case other(String)

        /// The known value the Client API calls `name`, if any (the inverse of ``name``).
        package static func known(named name: String) -> Status? {
            switch name {
            case "WAITING": .waiting
            case "INITIALIZED": .initialized
            case "AUTHORIZED": .authorized
            case "COMPLETED": .completed
            default: nil
            }
        }

        /// The API's name: `WAITING`, `INITIALIZED`, `AUTHORIZED`, `COMPLETED`.
        public var name: String {
            switch self {
            case .waiting: "WAITING"
            case .initialized: "INITIALIZED"
            case .authorized: "AUTHORIZED"
            case .completed: "COMPLETED"
            case .other(let name): name
            }
        }
    }

    /// The state.
    public var thirdPartyStatus: Status

    /// A response.
    package init(thirdPartyStatus: Status) {
        self.thirdPartyStatus = thirdPartyStatus
    }

    package init(json: JSONValue, at path: JSONPath, diagnostics: inout [DefinitionDiagnostic]) throws(DefinitionError) {
        let object = try JSONNode(json, path: path).object()
        thirdPartyStatus = try Status.decode(object.required("thirdPartyStatus"), diagnostics: &diagnostics)
    }

    package var json: JSONValue {
        jsonObject([("thirdPartyStatus", .string(thirdPartyStatus.name))])
    }
}
