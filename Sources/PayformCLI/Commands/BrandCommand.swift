import Foundation
import PaymentFormBrands
import PaymentFormCore
import PaymentFormJSON

/// `payform brand`: offline card-brand detection, as a form does it on every keystroke.
enum BrandCommand {
    static let spec = CommandSpec(
        name: "brand",
        synopsis: "--number DIGITS [--products FILE]",
        summary: "Detect a card's brand offline from a partial or full card number.",
        details: """
        Output: {"brands": [ids], "ambiguous": BOOL, "lengths": [N] | null, "gaps": [N] | null,
        "cvcLength": N | null} and, with --products, "productIds": [ids of offered products for the
        brands, in the same order]. lengths, gaps and cvcLength describe the first brand and are
        null when no brand or several candidates are found. A resolved answer lists the brand,
        then the brands it is co-badged with (4571 → dankort, visa). Spaces and - in the number are
        ignored; any other character exits 2 with code bad_number (the number is never repeated).
        Brand ids: \(BrandTable.shipped.brands.filter(\.isDetectableOffline).map(\.id).joined(separator: ", ")).
        """,
        options: [
            OptionSpec("--number", "DIGITS", help: "The card number as typed so far (- reads it from standard input)."),
            OptionSpec("--products", "FILE", help: "A Client API product list (GET /products): adds the offered product ids."),
        ],
        run: run
    )

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws(CLIError) -> CommandResult {
        let number = try readNumber(arguments, context)
        let detection: BrandDetection
        do {
            detection = try BrandDetector.shipped.detect(number)
        } catch {
            throw CLIError(code: error.code, message: "--number: \(error)")
        }
        var warnings: [String] = []
        var productIds: [Int]?
        if let path = arguments.value("--products") {
            let list: PaymentProductList
            (list, warnings) = try productList(path, context)
            productIds = list.paymentProductIds(for: detection.brands)
        }
        return CommandResult(
            stdout: json(detection, productIds: productIds).prettyText + "\n",
            stderr: warnings.map { "payform: warning: \($0)\n" }.joined()
        )
    }

    /// `{"brands", "ambiguous", "lengths", "gaps", "cvcLength"[, "productIds"]}`.
    static func json(_ detection: BrandDetection, productIds: [Int]?) -> JSONValue {
        let brand = detection.brand
        var object = JSONObject([
            (key: "brands", value: .array(detection.brandIds.map { .string($0) })),
            (key: "ambiguous", value: .bool(detection.isAmbiguous)),
            (key: "lengths", value: brand.map { .array($0.lengths.map { .integer($0) }) } ?? .null),
            (key: "gaps", value: brand.map { .array($0.gaps.map { .integer($0) }) } ?? .null),
            (key: "cvcLength", value: brand.map { .integer($0.cvcLength) } ?? .null),
        ])
        if let productIds { object.append("productIds", .array(productIds.map { .integer($0) })) }
        return .object(object)
    }

    /// The number of `--number`, or standard input's (one trailing line break dropped) for `-`.
    private static func readNumber(_ arguments: ParsedArguments, _ context: CommandContext) throws(CLIError) -> String {
        let value = try arguments.required("--number")
        guard value == "-" else { return value }
        let data = try context.read("-", for: "--number")
        guard let text = String(data: data, encoding: .utf8) else {
            throw CLIError(code: "bad_number", message: "--number (standard input): not UTF-8 text")
        }
        // Scalars, not characters: "\r\n" is one character, and only the line break goes.
        var scalars = Substring(text).unicodeScalars
        if scalars.last == "\n" { scalars.removeLast() }
        if scalars.last == "\r" { scalars.removeLast() }
        return String(scalars)
    }

    private static func productList(_ path: String, _ context: CommandContext) throws(CLIError) -> (PaymentProductList, [String]) {
        let data = try context.read(path, for: "--products")
        do {
            let decoded = try PaymentProductList.decode(from: data)
            return (decoded.value, decoded.diagnostics.map { "--products \(path): \($0)" })
        } catch {
            throw CLIError(code: error.code, message: "--products \(path): \(error)")
        }
    }
}
