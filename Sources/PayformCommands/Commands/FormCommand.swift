import PaymentFormJSON
import PaymentFormCore
import PaymentFormLocalization
import PaymentFormMasking
import PaymentFormCards
import PaymentFormValidation
import PaymentFormProtocol

/// `payform form`: the form controller over JSON lines, one event per line in, one answer per
/// line out, in one process.
package enum FormCommand {
    package enum Option: LocaleOption, NowOption {
        case product, accountOnFile, preferredBrand, locale, now, publicKey, keyId, clientSessionId, appIdentifier

        package var spec: OptionSpec {
            switch self {
            case .product:
                OptionSpec("--product", "FILE", repeatable: true,
                           help: "Client API product or product group JSON (sample:NAME for a shipped sample, sample:cards for the card group); repeat: the merchant's other products.")
            case .accountOnFile: OptionSpec("--account-on-file", "ID", help: "Start with this account on file selected.")
            case .preferredBrand:
                OptionSpec("--preferred-brand", "ID", help: "The co-badge brand to pre-select when a card offers it (default: the one the card lists first).")
            case .locale: .locale(help: "Language of labels and messages (default: from LC_ALL/LC_MESSAGES/LANG, then en).")
            case .now: .now(help: "The current month for expiry checks (default: the real clock, UTC).")
            case .publicKey:
                OptionSpec("--public-key", "FILE", help: "The Client API public key response (or a PEM public key with --key-id; sample:demo for the demo key): submit then prepares the request.")
            case .keyId: PublicKeyFile.keyIdOption
            case .clientSessionId: OptionSpec("--client-session-id", "ID", help: "With --public-key: the client session id the payload carries.")
            case .appIdentifier: OptionSpec("--app-identifier", "TEXT", help: "The app identifier in the client meta info (default UNKNOWN).")
            }
        }

        package static let usage: [Usage<Option>] = [
            .required(.product), .optional(.accountOnFile), .optional(.preferredBrand), .optional(.locale), .optional(.now),
            .optionalGroup([.required(.publicKey), .optional(.keyId), .required(.clientSessionId), .optional(.appIdentifier)]),
        ]
    }

    package static let spec = CommandSpec(
        name: "form",
        summary: "Drive a form as a screen would: one JSON event per stdin line, one JSON answer per line.",
        details: """
        Events (one per line):
          {"event":"edit","field":"cardNumber","selection":[0,0],"insert":"4"}
          {"event":"edit","field":"cardNumber","selection":[5,5],"delete":"backward"}   (or "forward")
          {"event":"replace","field":"cardNumber","range":[4,1],"string":""}   (UIKit: [location, length])
          {"event":"set","field":"expiryDate","value":"12/2030"}
          {"event":"select","field":"cardNumber","selection":[12,12]}
          {"event":"focus","field":"cvv"}   {"event":"blur","field":"cvv"}
          {"event":"selectAccountOnFile","id":"1001"}   (null: none)
          {"event":"selectProduct","id":"2"}   (a product given by another --product)
          {"event":"selectBrand","brand":"visa"}   (null: none)
          {"event":"iin","result":{...}}   (a getIINdetails answer, or payform fetch iin's output)
          {"event":"submit"}
        A field event answers {"field","text","cursor","value","state","message","errorId",
        "complete","advance","next","outcome"} and, for card numbers, "brands" (offline detection),
        "brand" (the co-badge brand that pays) and "brandOptions". When the event switched the
        product (the card number named another card product), it also has "itemChanged": true,
        "product" and "fields": [every field]: draw the form anew. Selecting an account, a product
        or a brand answers {"valid","product","accountOnFile","brand",
        "brandOptions":[{"brand","paymentProductId"}],"fields":[the changed fields]}.
        iin takes a server IIN lookup's answer for the card number typed so far: it holds while the
        number starts with the same first 8 digits (6 when fewer were typed); its allowed product
        and co-brands become the brand choice (selectBrand then takes cartes-bancaires), and a card
        that exists but cannot pay in the context gets errorId allowedInContext. It answers like
        selectBrand plus "outcome": "changed", or "rejected" when the answer says nothing about the
        number (fewer than 6 digits, status notEnoughDigits or pending). submit answers {"valid","errors":[...],
        "paymentProductId","prepared":{...}|null}; with --public-key and --client-session-id a
        valid form is encrypted into "prepared".
        A line that is not a valid event answers {"error":{"code":"bad_event","message":"line N: ..."}}
        and the session goes on. Exit 0 at the end of input; 2 when a product cannot be read.
        Positions are UTF-16 offsets. The first --product is the form's: a product, or a product
        group (sample:cards). More --product options are the merchant's other products: on a card
        form, the card number picks among the card products as validate does (a number of a known
        brand none of them can be for fails cardNotAccepted; one that names none of them yet,
        cardUndecided at submit: send the iin event first), and the co-badge brand listed first is pre-selected
        (--preferred-brand changes that); selectProduct can switch to any. Card data never goes to
        stderr.
        """,
        options: Option.self,
        run: run
    )

    package static func run(_ arguments: ParsedArguments<Option>, _ context: CommandContext) throws(CLIError) -> CommandResult {
        var (session, warnings) = try session(arguments, context)
        let stderr = Diagnostics.warnings(warnings)
        return JSONLines.run(context, malformedCode: "bad_event", stderr: stderr) { json, line in
            do throws(FormProtocolError) {
                return try session.answer(json)
            } catch {
                return JSONLines.error(error.code, "line \(line): \(CLIError(code: error.code, message: error.message).message)")
            }
        }
    }

    /// Opens the form `arguments` describe (`--product FILE`..., `--account-on-file`, `--locale`,
    /// `--now`, `--public-key` with `--client-session-id`), with what reading the products
    /// noticed (unknown members, ...) for standard error. `localizesSamples` shows a shipped
    /// sample in the form's language, as the platform serves it (`payform form` keeps the sample
    /// as it ships).
    package static func session(_ arguments: ParsedArguments<Option>, _ context: CommandContext, localizesSamples: Bool = false)
        throws(CLIError) -> (FormSession, warnings: [String]) {
        let (options, warnings) = try options(arguments, context, localizesSamples: localizesSamples)
        do {
            return (try FormSession(options), warnings)
        } catch {
            throw CLIError(code: error.code, message: "--account-on-file \(options.accountOnFile ?? ""): \(error.description)")
        }
    }

    /// The form's options as the flags give them.
    static func options(_ arguments: ParsedArguments<Option>, _ context: CommandContext, localizesSamples: Bool)
        throws(CLIError) -> (FormOptions, warnings: [String]) {
        let paths = arguments.values(.product)
        guard !paths.isEmpty else { throw .usage("missing required option --product (see --help)") }
        if paths.contains("-") { throw .usage("--product - is not possible here: standard input carries the events") }
        let localizer = context.localizer(arguments)
        var warnings: [String] = []
        var items: [AnyPaymentItem] = []
        for path in paths {
            let (item, itemWarnings) = try context.item(at: path, sampleLocale: localizesSamples ? localizer.languageTag : nil)
            items.append(item)
            warnings += itemWarnings
        }
        let preparation: FormPreparation?
        switch (arguments.value(.publicKey), arguments.value(.clientSessionId)) {
        case (let path?, let session?):
            if path == "-" { throw .usage("--public-key - is not possible here: standard input carries the events") }
            preparation = FormPreparation(
                key: try context.encryptionKey(at: path, keyId: arguments.value(.keyId)), clientSessionId: session,
                metaInfo: context.clientMetaInfo(arguments.value(.appIdentifier) ?? "UNKNOWN"))
        case (nil, nil): preparation = nil
        default: throw .usage("give --public-key and --client-session-id together")
        }
        let validation = try context.validationContext(arguments)
        let options = FormOptions(item: items[0], otherItems: Array(items.dropFirst()), accountOnFile: arguments.value(.accountOnFile),
                                  localizer: localizer, validation: validation, preparation: preparation,
                                  preferredBrand: arguments.value(.preferredBrand))
        return (options, warnings)
    }
}
