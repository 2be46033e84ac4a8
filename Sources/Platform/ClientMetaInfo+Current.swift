import Foundation
import PaymentFormCore

extension ClientMetaInfo {
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
}
