import PaymentFormJSON
import PaymentFormCards
import PaymentFormCore

/// `payform brand`: offline card-brand detection, as a form does it on every keystroke.
package enum BrandCommand {
    package enum Option: CommandOptions {
        case number, numberFile, products

        package var spec: OptionSpec {
            switch self {
            case .number: SecretInput.inlineSpec("--number", "DIGITS", help: "The card number as typed so far.")
            case .numberFile: SecretInput.fileSpec("--number")
            case .products: OptionSpec("--products", "FILE", help: "A Client API product list (GET /products): adds the offered product ids.")
            }
        }

        package static let usage: [Usage<Option>] = [numberOption.usage, .optional(.products)]
    }

    package static let numberOption = SecretOption(Option.number, file: .numberFile)

    package static let spec = CommandSpec(
        name: "brand",
        summary: "Detect a card's brand offline from a partial or full card number.",
        details: """
        Output: {"brands": [ids], "ambiguous": BOOL, "lengths": [N] | null, "gaps": [N] | null,
        "cvcLength": N | null} and, with --products, "productIds": [ids of offered products for the
        brands, in the same order]. lengths, gaps and cvcLength describe the first brand and are
        null when no brand or several candidates are found. A resolved answer lists the brand,
        then the brands it is co-badged with (4571 → dankort, visa). Spaces and - in the number are
        ignored; any other character exits 2 with code bad_number (the number is never repeated).
        Brand ids: \(BrandTable.shipped.brands.filter({ $0.isDetectableOffline }).map({ $0.id }).joined(separator: ", ")).
        \(SecretInput.visibilityNote)
        """,
        options: Option.self,
        run: run
    )

    package static func run(_ arguments: ParsedArguments<Option>, _ context: CommandContext) throws(CLIError) -> CommandResult {
        let number = try readNumber(arguments, context)
        let detection: BrandDetection
        do {
            detection = try BrandDetector.shipped.detect(number)
        } catch {
            let flag = arguments.has(numberOption.file) ? numberOption.fileFlag : numberOption.flag
            throw CLIError(code: error.code, message: "\(flag): \(error)")
        }
        var warnings: [String] = []
        var productIds: [Int]?
        if let path = arguments.value(.products) {
            let list: PaymentProductList
            (list, warnings) = try productList(path, context)
            productIds = list.paymentProductIds(for: detection.brands)
        }
        return CommandResult(
            stdout: json(detection, productIds: productIds).prettyText + "\n",
            stderr: Diagnostics.warnings(warnings)
        )
    }

    /// `{"brands", "ambiguous", "lengths", "gaps", "cvcLength"[, "productIds"]}`.
    package static func json(_ detection: BrandDetection, productIds: [Int]?) -> JSONValue {
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

    /// The number of `--number` (`-`: standard input) or `--number-file`; one trailing line break
    /// of a file or standard input is dropped.
    private static func readNumber(_ arguments: ParsedArguments<Option>, _ context: CommandContext) throws(CLIError) -> String {
        if numberOption.readsStandardInput(arguments), arguments.value(.products) == "-" {
            throw .usage("only one option can read standard input (\(numberOption.flag), --products both ask for it)")
        }
        return try numberOption.required(in: arguments, context: context)
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
