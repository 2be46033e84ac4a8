import Foundation
import PaymentFormEncryption

/// The web form's files appended to a `payform` executable by `Scripts/build/package.sh`, so that the
/// packaged sandbox serves its hosted checkout page with no `Web/dist` beside it.
///
/// The loader ignores bytes after an executable's last segment, so the archive rides at the end
/// of the file; a plain `swift build` has none and the sandbox reads `Web/dist` from disk as
/// before. `strip` drops it. The layout (integers little-endian; `Scripts/lib/web_archive.py`
/// writes it):
///
/// ```
/// entry*          u16 name length, the name (UTF-8: letters, digits, '.', '-', '_'), u32 size, the bytes
/// trailer         SHA-256 of the entries (32 bytes), u64 length of the entries, the magic "PFWEBv1\n"
/// ```
///
/// Reading is strict: a name twice, a name that is not a plain file name, a size past the end, a
/// digest that does not match or more than ``maximumLength`` bytes is ``WebFormArchiveError``.
package struct WebFormArchive: Sendable, Equatable {
    /// The files by name.
    package let files: [String: [UInt8]]

    /// The last eight bytes of an executable that carries an archive.
    package static let magic: [UInt8] = Array("PFWEBv1\n".utf8)
    /// The trailer's size: digest, length, magic.
    package static let trailerLength = 32 + 8 + 8
    /// The most bytes of entries read (the web form's files are about 1.5 MB).
    package static let maximumLength = 64 << 20
    /// The most files.
    package static let maximumFiles = 256

    /// An archive of `files`.
    package init(files: [String: [UInt8]]) {
        self.files = files
    }

    /// The archive's bytes, ready to append to an executable (entries sorted by name).
    package func encoded() -> [UInt8] {
        var entries: [UInt8] = []
        for name in files.keys.sorted() {
            let bytes = files[name] ?? []
            entries += Self.littleEndian(UInt64(name.utf8.count), count: 2) + Array(name.utf8)
            entries += Self.littleEndian(UInt64(bytes.count), count: 4) + bytes
        }
        return entries + SHA256.hash(entries) + Self.littleEndian(UInt64(entries.count), count: 8) + Self.magic
    }

    /// The archive at the end of `bytes`: `nil` when they end without the magic (no archive).
    package static func decode(_ bytes: [UInt8]) throws(WebFormArchiveError) -> WebFormArchive? {
        guard bytes.count >= trailerLength, Array(bytes.suffix(magic.count)) == magic else { return nil }
        let length = try entriesLength(trailer: Array(bytes.suffix(trailerLength)), fileLength: bytes.count)
        let start = bytes.count - trailerLength - length
        return try parse(entries: Array(bytes[start..<(start + length)]), digest: Array(bytes[(bytes.count - trailerLength)...].prefix(32)))
    }

    /// The archive appended to the file at `url`: `nil` when it has none (or cannot be read as
    /// a file: then there is nothing built in to serve either).
    package static func appended(to url: URL) throws(WebFormArchiveError) -> WebFormArchive? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        guard let size = try? handle.seekToEnd(), size >= UInt64(trailerLength) else { return nil }
        guard (try? handle.seek(toOffset: size - UInt64(trailerLength))) != nil, let trailer = try? handle.read(upToCount: trailerLength),
              trailer.count == trailerLength, Array(trailer.suffix(magic.count)) == magic
        else { return nil }
        let fileLength = size > UInt64(Int.max) ? Int.max : Int(size)
        let length = try entriesLength(trailer: Array(trailer), fileLength: fileLength)
        let start = size - UInt64(trailerLength) - UInt64(length)
        guard (try? handle.seek(toOffset: start)) != nil, let entries = try? handle.read(upToCount: length), entries.count == length else {
            throw WebFormArchiveError("the web form archive of \(url.path) could not be read")
        }
        return try parse(entries: Array(entries), digest: Array(trailer.prefix(32)))
    }

    /// The entries' length the trailer states, checked against the file's.
    private static func entriesLength(trailer: [UInt8], fileLength: Int) throws(WebFormArchiveError) -> Int {
        let stated = readInteger(trailer, at: 32, count: 8)
        guard stated <= UInt64(maximumLength) else {
            throw WebFormArchiveError("the web form archive states \(stated) bytes, more than \(maximumLength)")
        }
        guard Int(stated) <= fileLength - trailerLength else {
            throw WebFormArchiveError("the web form archive states \(stated) bytes, more than the file holds before its trailer")
        }
        return Int(stated)
    }

    private static func parse(entries: [UInt8], digest: [UInt8]) throws(WebFormArchiveError) -> WebFormArchive {
        guard SHA256.hash(entries) == digest else {
            throw WebFormArchiveError("the web form archive's SHA-256 does not match its contents (damaged or cut)")
        }
        var files: [String: [UInt8]] = [:]
        var offset = 0
        while offset < entries.count {
            guard files.count < maximumFiles else { throw WebFormArchiveError("the web form archive holds more than \(maximumFiles) files") }
            guard offset + 2 <= entries.count else { throw WebFormArchiveError("entry \(files.count): the name's length is cut off") }
            let nameLength = Int(readInteger(entries, at: offset, count: 2))
            offset += 2
            guard nameLength > 0, offset + nameLength + 4 <= entries.count else {
                throw WebFormArchiveError("entry \(files.count): the name (\(nameLength) bytes) or its size runs past the end")
            }
            let nameBytes = entries[offset..<(offset + nameLength)]
            let name = String(decoding: nameBytes, as: UTF8.self)
            guard nameBytes.allSatisfy({ $0 < 0x80 }), isFileName(name) else {
                throw WebFormArchiveError("entry \(files.count): the name is not a plain file name (letters, digits, '.', '-', '_')")
            }
            offset += nameLength
            let size = Int(readInteger(entries, at: offset, count: 4))
            offset += 4
            guard size <= entries.count - offset else {
                throw WebFormArchiveError("entry \(files.count) (\(name)): \(size) bytes run past the end of the archive")
            }
            guard files[name] == nil else { throw WebFormArchiveError("entry \(files.count): \(name) is in the archive twice") }
            files[name] = Array(entries[offset..<(offset + size)])
            offset += size
        }
        return WebFormArchive(files: files)
    }

    /// A name the archive may hold: 1 to 128 letters, digits, `.`, `-` and `_`, not starting with a dot.
    package static func isFileName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 128 && !name.hasPrefix(".")
            && name.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._-".unicodeScalars.contains($0)) }
    }

    private static func readInteger(_ bytes: [UInt8], at offset: Int, count: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in (0..<count).reversed() { value = value << 8 | UInt64(bytes[offset + index]) }
        return value
    }

    private static func littleEndian(_ value: UInt64, count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }
}
