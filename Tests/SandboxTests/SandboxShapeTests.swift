import Foundation
import Testing
import PaymentFormJSON
@testable import PaymentFormEngineTesting
@testable import PaymentFormSandbox

/// The JSON the sandbox serves by default has the Client API's shapes: every member an official
/// client SDK reads is present, with the API's type (integers where the API has integers, a logo
/// on every product, group and account on file). Tolerance of odd shapes belongs to the decoder's
/// tests, not to the samples a client is tested against.
@Suite("Sandbox samples shaped like the Client API", .timeLimit(.minutes(10)))
struct SandboxShapeTests {
    /// A JSON shape: what the SDKs read (`client-sdks` research §1, measured against the
    /// JavaScript SDKs), with the API's types.
    indirect enum Shape: Sendable {
        case string, integer, boolean, number
        case oneOf([String])
        case array(Shape)
        case object([String: Member])
        /// Any value (a member nobody reads the inside of).
        case any
    }

    struct Member: Sendable {
        let shape: Shape
        let required: Bool
    }

    static func required(_ shape: Shape) -> Member { Member(shape: shape, required: true) }
    static func optional(_ shape: Shape) -> Member { Member(shape: shape, required: false) }

    static let itemDisplayHints = Shape.object(["logo": required(.string), "label": required(.string), "displayOrder": required(.integer)])

    /// An account on file as every official client SDK reads it. `attributes[].value` is
    /// required: the Online Payments Android SDK maps attributes onto a Kotlin class whose `value`
    /// is a non-null `String`, so one attribute without it fails the whole product list there (its
    /// own fixtures send `"value": ""` for an attribute still to be written).
    static let accountOnFile = Shape.object([
        "id": required(.integer),
        "paymentProductId": required(.integer),
        "displayHints": required(.object([
            "logo": required(.string),
            "labelTemplate": required(.array(.object(["attributeKey": required(.string), "mask": optional(.string)]))),
        ])),
        "attributes": required(.array(.object([
            "key": required(.string), "value": required(.string), "status": required(.oneOf(["READ_ONLY", "CAN_WRITE", "MUST_WRITE"])),
            "mustWriteReason": optional(.string),
        ]))),
    ])

    static let field = Shape.object([
        "id": required(.string),
        "type": required(.oneOf(["string", "integer", "expirydate", "numericstring", "boolean", "date"])),
        "usedForLookup": optional(.boolean),
        "dataRestrictions": required(.object(["isRequired": required(.boolean), "validators": required(.any)])),
        "displayHints": required(.object([
            "displayOrder": required(.integer),
            "formElement": required(.object(["type": required(.oneOf(["text", "list", "currency", "date", "boolean"])), "valueMapping": optional(.any)])),
            "label": optional(.string), "placeholderLabel": optional(.string), "mask": optional(.string), "obfuscate": optional(.boolean),
            "alwaysShow": optional(.boolean), "preferredInputType": optional(.string), "link": optional(.string),
            "tooltip": optional(.object(["image": optional(.string), "label": optional(.string)])),
        ])),
    ])

    static func product(withFields: Bool) -> Shape {
        var members: [String: Member] = [
            "id": required(.integer), "paymentMethod": required(.string), "displayHints": required(itemDisplayHints),
            "usesRedirectionTo3rdParty": required(.boolean), "allowsTokenization": required(.boolean), "allowsRecurring": required(.boolean),
            "paymentProductGroup": optional(.string), "minAmount": optional(.integer), "maxAmount": optional(.integer),
            "accountsOnFile": optional(.array(accountOnFile)),
        ]
        if withFields { members["fields"] = required(.array(field)) }
        return .object(members)
    }

    static let group = Shape.object([
        "id": required(.string), "displayHints": required(itemDisplayHints), "allowsInstallments": required(.boolean),
        "deviceFingerprintEnabled": required(.boolean), "fields": optional(.array(field)), "accountsOnFile": optional(.array(accountOnFile)),
    ])

    static let iin = Shape.object([
        "paymentProductId": required(.integer), "countryCode": optional(.string), "isAllowedInContext": optional(.boolean),
        "coBrands": optional(.array(.object(["paymentProductId": required(.integer), "isAllowedInContext": optional(.boolean)]))),
    ])

    /// The problems of `value` against `shape`, each with its path.
    static func problems(_ value: JSONValue?, _ shape: Shape, at path: String) -> [String] {
        guard let value else { return ["\(path): missing"] }
        switch (shape, value) {
        case (.any, _), (.string, .string), (.boolean, .bool): return []
        case (.integer, .number(let text)): return Int(text) == nil ? ["\(path): \(text) is not an integer"] : []
        case (.number, .number): return []
        case (.oneOf(let values), .string(let text)): return values.contains(text) ? [] : ["\(path): \(text) is not one of \(values)"]
        case (.array(let element), .array(let items)):
            return items.enumerated().flatMap { problems($0.element, element, at: "\(path)[\($0.offset)]") }
        case (.object(let members), .object(let object)):
            var found: [String] = []
            for (key, member) in members.sorted(by: { $0.key < $1.key }) {
                if let child = object[key] {
                    found += problems(child, member.shape, at: "\(path).\(key)")
                } else if member.required {
                    found.append("\(path).\(key): missing")
                }
            }
            return found
        default: return ["\(path): expected \(shape), found \(value.kind)"]
        }
    }

    static let context = "countryCode=NL&currencyCode=EUR&amount=1000&isRecurring=false"

    @Test("products, product groups and every full product, in English and French, have the API's shapes", arguments: ["en_GB", "fr_FR"])
    func products(locale: String) async throws {
        let sandbox = try SandboxClient()
        defer { sandbox.stop() }
        var found: [String] = []
        let list = await sandbox.send("GET", "/client/v1/c1/products?\(Self.context)&locale=\(locale)&hide=fields")
        found += Self.problems(list.json, .object(["paymentProducts": Self.required(.array(Self.product(withFields: false)))]), at: "products")
        let products = try #require(list.json["paymentProducts"]?.arrayValue, "no products: \(list)")
        #expect(products.count == 8)
        for item in products {
            guard case .number(let id)? = item["id"] else { continue }
            let product = await sandbox.send("GET", "/client/v1/c1/products/\(id)?\(Self.context)&locale=\(locale)")
            found += Self.problems(product.json, Self.product(withFields: true), at: "products/\(id)")
            // An account on file belongs to the product it is listed under.
            if case .array(let accounts)? = product.json["accountsOnFile"] {
                for account in accounts where account["paymentProductId"] != .number(id) {
                    found.append("products/\(id): account on file \(account["id"].map { "\($0)" } ?? "?") names another product")
                }
            }
        }
        let groups = await sandbox.send("GET", "/client/v1/c1/productgroups?\(Self.context)&locale=\(locale)&hide=fields")
        found += Self.problems(groups.json, .object(["paymentProductGroups": Self.required(.array(Self.group))]), at: "productgroups")
        let cards = await sandbox.send("GET", "/client/v1/c1/productgroups/cards?\(Self.context)&locale=\(locale)")
        found += Self.problems(cards.json, Self.group, at: "productgroups/cards")
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    @Test("IIN answers, the public key, a directory and a converted amount have the API's shapes")
    func services() async throws {
        let sandbox = try SandboxClient()
        defer { sandbox.stop() }
        var found: [String] = []
        for bin in ["411111", "41111111", "4000002500001001", "55555525", "371449"] {
            let answer = await sandbox.post("services/getIINdetails", #"{"bin": "\#(bin)", \#(SandboxIINTests.context)}"#)
            found += Self.problems(answer.json, Self.iin, at: "getIINdetails(\(bin.prefix(6))…)")
        }
        let key = await sandbox.send("GET", "/client/v1/c1/crypto/publickey")
        found += Self.problems(key.json, .object(["keyId": Self.required(.string), "publicKey": Self.required(.string)]), at: "publickey")
        let directory = await sandbox.send("GET", "/client/v1/c1/products/809/directory?countryCode=NL&currencyCode=EUR")
        found += Self.problems(directory.json, .object(["entries": Self.required(.array(.object([
            "issuerId": Self.required(.string), "issuerList": Self.required(.string), "issuerName": Self.required(.string),
            "countryNames": Self.optional(.array(.string)),
        ])))]), at: "directory")
        let converted = await sandbox.send("GET", "/client/v1/c1/services/convert/amount?source=EUR&target=USD&amount=1000")
        found += Self.problems(converted.json, .object(["convertedAmount": Self.required(.integer)]), at: "convert")
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    @Test("the check itself catches what the Android SDK cannot map: an attribute without a value")
    func checkCatchesAttributeWithoutValue() throws {
        let old = try JSONParser().parse(Array(#"""
        {"id": 1001, "paymentProductId": 3, "displayHints": {"logo": "x.png", "labelTemplate": [{"attributeKey": "alias"}]},
         "attributes": [{"key": "alias", "value": "Road Runner", "status": "READ_ONLY"}, {"key": "cvv", "status": "MUST_WRITE", "mustWriteReason": "IN_THE_PAST"}]}
        """#.utf8))
        #expect(Self.problems(old, Self.accountOnFile, at: "aof") == ["aof.attributes[1].value: missing"])
    }

    @Test("the check itself catches what crashed the SDK: a string id and an account on file without a logo")
    func checkCatchesOldSample() throws {
        let old = try JSONParser().parse(Array(#"""
        {"id": "1002", "paymentProductId": "3", "displayHints": {"labelTemplate": [{"attributeKey": "cardNumber"}]},
         "attributes": [{"key": "cardNumber", "value": "555555XXXXXX4444", "status": "READ_ONLY"}]}
        """#.utf8))
        #expect(Self.problems(old, Self.accountOnFile, at: "aof") == [
            "aof.displayHints.logo: missing", "aof.id: expected integer, found string", "aof.paymentProductId: expected integer, found string",
        ])
    }
}
