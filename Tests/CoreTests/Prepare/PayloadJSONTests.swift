import Foundation
import Testing
import PaymentFormEngine
@testable import PaymentFormCore
@testable import PaymentFormCards
@testable import PaymentFormValidation
@testable import PaymentFormMasking
@testable import PaymentFormLocalization

/// The payload and the client meta info are written without `JSONEncoder`; `JSONEncoder` (with
/// `.sortedKeys` and `.withoutEscapingSlashes`, as before) is the reference they must match byte
/// for byte, for ordinary and awkward strings alike.
struct PayloadJSONTests {
    /// Quotes, backslashes, slashes, every kind of control character, non-ASCII and an emoji.
    static let awkwardStrings = [
        "", "plain", "with \"quotes\"", #"back\slash"#, "a/b</script>", "line\nbreak\r\ttab",
        "\u{08}\u{0C}\u{00}\u{01}\u{1F}\u{7F}", "Zoë Ünïcødé 日本", "\u{2028}\u{2029}", "🐦‍⬛ emoji",
    ]

    static func reference(_ value: some Encodable) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(value))
    }

    /// The payload as `JSONEncoder` writes it: the same members, absent ones left out, `tokenize`
    /// only when `true` (the platform's default is not to store the account).
    struct ReferencePayload: Encodable {
        struct Value: Encodable {
            let key: String
            let value: String
        }

        let payload: PaymentPayload

        enum CodingKeys: String, CodingKey {
            case clientSessionId, nonce, paymentProductId, accountOnFileId, tokenize, paymentValues
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(payload.clientSessionId, forKey: .clientSessionId)
            try container.encode(payload.nonce, forKey: .nonce)
            try container.encode(payload.paymentProductId, forKey: .paymentProductId)
            try container.encodeIfPresent(payload.accountOnFileId, forKey: .accountOnFileId)
            if payload.tokenize { try container.encode(true, forKey: .tokenize) }
            try container.encode(payload.paymentValues.map { Value(key: $0.key, value: $0.value) }, forKey: .paymentValues)
        }
    }

    @Test(arguments: awkwardStrings)
    func payloadMatchesJSONEncoder(text: String) throws {
        for (accountOnFileId, tokenize) in [(Int?.none, false), (Int?(42), true), (Int?(0), false)] {
            let payload = PaymentPayload(
                clientSessionId: text, nonce: "3F2504E0-4F89-41D3-9A0C-0305E82C3301", paymentProductId: 1,
                accountOnFileId: accountOnFileId, tokenize: tokenize,
                paymentValues: [.init(key: "cardNumber", value: text), .init(key: text, value: "x")])
            #expect(try payload.jsonBytes() == Self.reference(ReferencePayload(payload: payload)))
        }
    }

    @Test func payloadWithoutValuesMatchesJSONEncoder() throws {
        let payload = PaymentPayload(
            clientSessionId: "s", nonce: "n", paymentProductId: -3, accountOnFileId: Int.max, tokenize: false, paymentValues: [])
        #expect(try payload.jsonBytes() == Self.reference(ReferencePayload(payload: payload)))
    }

    @Test(arguments: awkwardStrings)
    func clientMetaInfoMatchesJSONEncoder(text: String) throws {
        let sparse = ClientMetaInfo(platformIdentifier: text, appIdentifier: text)
        let full = ClientMetaInfo(
            platformIdentifier: "Linux/6.1", appIdentifier: "shop/1.0", sdkCreator: text, screenSize: text, deviceBrand: "Apple", deviceType: text)
        for info in [sparse, full, ClientMetaInfo.current()] {
            #expect(info.jsonBytes == (try Self.reference(info)))
            #expect(Data(base64Encoded: info.encoded) == Data(try Self.reference(info)))
        }
    }
}
