import Foundation

/// Files of the package checkout (resources, vectors next to it), found relative to this source
/// file so tests need no bundle.
package enum PackageFiles {
    /// The package's root folder.
    package static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A file under the package root.
    package static func url(_ relativePath: String) -> URL {
        root.appendingPathComponent(relativePath)
    }

    /// The text of a file under the package root.
    package static func text(_ relativePath: String) throws -> String {
        try String(contentsOf: url(relativePath), encoding: .utf8)
    }
}
