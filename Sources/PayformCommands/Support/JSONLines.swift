import PaymentFormJSON

/// The line-by-line protocol of `payform form` and `payform validate --batch`: one JSON value per
/// input line, one compact JSON line per answer, in order, in one process.
///
/// Lines end with `\\n` (a `\\r` before it is dropped); the last line needs no line break. A line
/// longer than ``maximumLineBytes`` is answered with an error and skipped. Answers are written as
/// soon as the lines read so far are answered, so a driver may wait for each answer.
package enum JSONLines {
    /// The longest line read (1 MiB): far more than any event or request needs.
    package static let maximumLineBytes = 1 << 20

    /// One line's answer: the JSON to print.
    package typealias Answer = JSONValue

    /// Reads every line of standard input and answers each with `answer(json, lineNumber)`; a line
    /// that is not JSON is answered with `{"error": {"code": malformedCode, "message": "line N: ..."}}`.
    /// Returns what to print when the context collects output (tests), else an empty result;
    /// exit status 2 when the answers could not be written (the output was closed).
    package static func run(_ context: CommandContext, malformedCode: String, stderr: String = "",
                    answer: (JSONValue, Int) -> Answer) -> CommandResult {
        var collected = ""
        var pending = ""
        var reader = LineReader()
        let writer = JSONWriter()
        var lineNumber = 0
        /// Writes the pending answers; `false` when the output is closed.
        func flush() -> Bool {
            guard !pending.isEmpty else { return true }
            defer { pending = "" }
            guard let write = context.writeAnswerLines else {
                collected += pending
                return true
            }
            return write(pending)
        }
        var atEnd = false
        while !atEnd {
            let chunk = context.readStandardInputChunk()
            if chunk.isEmpty { atEnd = true } else { reader.append(chunk) }
            while let line = atEnd ? reader.finalLine() : reader.nextLine() {
                lineNumber += 1
                let json: JSONValue
                switch line {
                case .tooLong:
                    json = error(malformedCode, "line \(lineNumber): longer than \(maximumLineBytes) bytes")
                case .bytes(let bytes):
                    do {
                        // A repeated member (two "insert"s, two "cardNumber"s) is refused: which
                        // one counts would be a guess.
                        json = answer(try JSONParser(rejectsDuplicateKeys: true).parse(bytes), lineNumber)
                    } catch {
                        json = Self.error(malformedCode, "line \(lineNumber): \(error)")
                    }
                }
                pending += writer.string(from: json) + "\n"
            }
            // Nobody reads the answers any more (`payform form ... | head -1`): stop reading and
            // exit 2 quietly rather than work on for no one.
            guard flush() else { return CommandResult(stderr: stderr, exitCode: 2) }
        }
        return CommandResult(stdout: collected, stderr: stderr)
    }

    /// `{"error": {"code": ..., "message": ...}}`.
    package static func error(_ code: String, _ message: String) -> JSONValue {
        .object(JSONObject([(key: "error", value: .object(JSONObject([
            (key: "code", value: .string(code)), (key: "message", value: .string(message)),
        ])))]))
    }
}

/// Splits input into lines as it arrives, without holding more than one overlong line's worth.
package struct LineReader {
    package enum Line {
        case bytes([UInt8])
        case tooLong
    }

    private var buffer: [UInt8] = []
    private var start = 0
    /// Inside a line that was already reported as too long: skip to its end.
    private var skipping = false

    package mutating func append(_ data: [UInt8]) {
        if start > 0 && start * 2 >= buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
        buffer.append(contentsOf: data)
    }

    /// The next complete line, or `nil` when no line break has arrived yet.
    package mutating func nextLine() -> Line? {
        while true {
            guard let newline = buffer[start...].firstIndex(of: 0x0A) else {
                if !skipping, buffer.count - start > JSONLines.maximumLineBytes {
                    buffer.removeAll(keepingCapacity: true)
                    start = 0
                    skipping = true
                    return .tooLong
                }
                if skipping {
                    buffer.removeAll(keepingCapacity: true)
                    start = 0
                }
                return nil
            }
            let line = Array(buffer[start..<newline])
            start = newline + 1
            if skipping {
                skipping = false
                continue
            }
            if line.count > JSONLines.maximumLineBytes { return .tooLong }
            return .bytes(line.last == 0x0D ? Array(line.dropLast()) : line)
        }
    }

    /// At the end of input: the next line, including a last one without a line break.
    package mutating func finalLine() -> Line? {
        if let line = nextLine() { return line }
        defer {
            buffer.removeAll()
            start = 0
            skipping = false
        }
        guard !skipping, start < buffer.count else { return nil }
        let line = Array(buffer[start...])
        return .bytes(line.last == 0x0D ? Array(line.dropLast()) : line)
    }
}
