import Foundation
import PaymentFormEncryption

/// Describes the client to the platform: sent base64-encoded as `encodedClientMetaInfo` and as
/// the `X-GCS-ClientMetaInfo` header. It carries no card data.
public struct ClientMetaInfo: Sendable, Hashable, Codable {
    /// `<system>/<version>`, e.g. `iOS/18.1` or `Linux/6.1`.
    public var platformIdentifier: String
    /// The app's own identifier; `UNKNOWN` when the app does not set one.
    public var appIdentifier: String
    /// `<sdk name>/v<version>`.
    public var sdkIdentifier: String
    /// Who made the SDK that prepared the payment.
    public var sdkCreator: String
    /// `<width>x<height>` in pixels, when known.
    public var screenSize: String?
    /// The device's maker, when known.
    public var deviceBrand: String?
    /// The device's model, when known.
    public var deviceType: String?

    /// The engine's name and version, as `sdkIdentifier` reports them.
    public static let sdkIdentifier = "SwiftPaymentFormEngine/v0.1.0"

    /// Meta info with the given values.
    public init(
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

    /// Meta info for this process: the operating system and the given app identifier.
    public static func current(appIdentifier: String = "UNKNOWN") -> ClientMetaInfo {
        #if os(iOS)
        let system = "iOS"
        #elseif os(macOS)
        let system = "macOS"
        #elseif os(tvOS)
        let system = "tvOS"
        #elseif os(watchOS)
        let system = "watchOS"
        #elseif os(visionOS)
        let system = "visionOS"
        #elseif os(Linux)
        let system = "Linux"
        #elseif os(Windows)
        let system = "Windows"
        #else
        let system = "Unknown"
        #endif
        let version = ProcessInfo.processInfo.operatingSystemVersion
        #if canImport(Darwin)
        let brand: String? = "Apple"
        #else
        let brand: String? = nil
        #endif
        return ClientMetaInfo(
            platformIdentifier: "\(system)/\(version.majorVersion).\(version.minorVersion)",
            appIdentifier: appIdentifier, deviceBrand: brand)
    }

    /// Base64 (standard alphabet) of the JSON object, built with a JSON encoder.
    public var encoded: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding a struct of strings cannot fail; an empty object is the safe answer if it did.
        let data = (try? encoder.encode(self)) ?? Data("{}".utf8)
        return data.base64EncodedString()
    }
}
