internal import PaymentFormJSON
internal import PaymentFormEncryption

/// Describes the client to the platform: sent base64-encoded as `encodedClientMetaInfo` and as
/// the `X-GCS-ClientMetaInfo` header. It carries no card data.
public struct ClientMetaInfo: Sendable, Hashable {
    /// `<system>/<version>`, e.g. `iOS/18.1` or `Linux/6.1`.
    package var platformIdentifier: String
    /// The app's own identifier; `UNKNOWN` when the app does not set one.
    package var appIdentifier: String
    /// `<sdk name>/v<version>`.
    package var sdkIdentifier: String
    /// Who made the SDK that prepared the payment.
    package var sdkCreator: String
    /// `<width>x<height>` in pixels, when known.
    package var screenSize: String?
    /// The device's maker, when known.
    package var deviceBrand: String?
    /// The device's model, when known.
    package var deviceType: String?

    /// The engine's name and version, as `sdkIdentifier` reports them.
    package static let sdkIdentifier = "SwiftPaymentFormEngine/v\(EngineVersion.current)"

    /// Meta info with the given values (apps use `current(appIdentifier:)`, which reads the device).
    package init(
        platformIdentifier: String, appIdentifier: String = "UNKNOWN", sdkIdentifier: String = ClientMetaInfo.sdkIdentifier,
        sdkCreator: String = "PaymentFormEngine", screenSize: String? = nil, deviceBrand: String? = nil, deviceType: String? = nil
    ) {
        self.platformIdentifier = platformIdentifier
        self.appIdentifier = appIdentifier.isEmpty ? "UNKNOWN" : appIdentifier
        self.sdkIdentifier = sdkIdentifier
        self.sdkCreator = sdkCreator
        self.screenSize = screenSize
        self.deviceBrand = deviceBrand
        self.deviceType = deviceType
    }

    /// Base64 (standard alphabet) of the JSON object: keys sorted, absent values left out, every
    /// string escaped (the same bytes `JSONEncoder` writes with `.sortedKeys` and
    /// `.withoutEscapingSlashes`, written directly because the encoder was a tenth of `prepare`).
    package var encoded: String {
        Base64.encode(jsonBytes)
    }

    /// The JSON object ``encoded`` carries.
    var jsonBytes: [UInt8] {
        var json: [UInt8] = []
        json.reserveCapacity(256)
        // Members in sorted key order; optional ones only when present.
        let members: [(key: String, value: String?)] = [
            ("appIdentifier", appIdentifier), ("deviceBrand", deviceBrand), ("deviceType", deviceType),
            ("platformIdentifier", platformIdentifier), ("screenSize", screenSize), ("sdkCreator", sdkCreator),
            ("sdkIdentifier", sdkIdentifier),
        ]
        json.append(UInt8(ascii: "{"))
        for member in members {
            guard let value = member.value else { continue }
            if json.count > 1 { json.append(UInt8(ascii: ",")) }
            JSONStringEscaping.append(member.key, to: &json)
            json.append(UInt8(ascii: ":"))
            JSONStringEscaping.append(value, to: &json)
        }
        json.append(UInt8(ascii: "}"))
        return json
    }
}
