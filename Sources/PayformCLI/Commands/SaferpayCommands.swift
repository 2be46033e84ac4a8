import Foundation
import PaymentFormEngine
import PaymentFormJSON
import PaymentFormProcessors
import PayformCommands

/// `payform saferpay …`: Saferpay's card post and return URLs on the command line.
enum SaferpayCommands {
    static var specs: [CommandSpec] { [post, returnURL] }

    /// The group's line in `payform saferpay --help`.
    static let summary = "Saferpay's card post: post the validated card form to the RedirectUrl, and recognise the return URLs."

    enum PostOption: ValuesOptions, NowOption, LocaleOption {
        case redirectURL, values, value, now, locale, timeout

        var spec: OptionSpec {
            switch self {
            case .redirectURL:
                OptionSpec("--redirect-url", "URL", help: "The RedirectUrl the merchant's server got from Saferpay (https; http only to this machine).")
            case .values: .values()
            case .value: .value()
            case .now: .now()
            case .locale: .locale(help: "Language of messages.")
            case .timeout: OptionSpec("--timeout", "SECONDS", help: "How long to wait for Saferpay (default 30).")
            }
        }

        static let usage: [Usage<PostOption>] = [
            .required(.redirectURL), .oneOf([[.required(.values)], [.required(.value)]]), .optional(.now), .optional(.locale), .optional(.timeout),
        ]
    }

    static let post = CommandSpec(
        name: "saferpay post",
        summary: "Validate the saferpay-card form and post it to Saferpay's RedirectUrl; print the next step.",
        details: """
        Values use the saferpay-card definition's ids: HolderName, CardNumber, Expiry (MM/YY, sent as
        ExpMonth 01-12 and ExpYear with four digits), VerificationCode. The body is form-encoded, with
        FromAjax=true. Output: {"valid": true, "outcome": "redirect", "errors": [], "redirectUrl": URL,
        "message"} (exit 0), or {"valid": false, "outcome": "error", "errors": [{"fieldId", "errorId":
        "rejected", "message"}], "errorName", "behavior" (as Saferpay sent it), "category" (RETRY,
        RETRY_LATER, DO_NOT_RETRY, OTHER_MEANS or UNKNOWN; ABORT is DO_NOT_RETRY), "errorDetail":
        [...], "message"} (exit 1); invalid values answer like validate with "outcome": "invalid"
        (exit 1) and nothing is posted. A TOKEN_INVALID or TOKEN_EXPIRED answer's message says
        the payment must be started again (the token, not the card, is at fault).
        Values hold card data: use --values FILE or - for stdin. --redirect-url must be https with a
        host (plain http only to this machine: localhost, 127.0.0.1, ::1), else exit 2 (invalid_url)
        before anything is sent; a RedirectUrl in the answer is held to the same rule. Redirects are
        not followed (a 3xx is unexpected_answer), at most 32 MiB of the answer is read, and the
        whole answer must arrive within --timeout. `payform sandbox` serves a Saferpay stand-in
        (POST /saferpay/tokens) for tests.
        """,
        options: PostOption.self,
        runAsync: { arguments, context throws(CLIError) in
            let (definition, _) = try context.product(sampleNamed: SaferpayCardPost.definitionName)
            let request = try context.request(for: definition, arguments)
            let localizer = context.localizer(arguments)
            guard let url = URL(string: try arguments.required(.redirectURL)) else {
                throw .usage("--redirect-url must be an absolute https URL (plain http only to this machine)")
            }
            let timeout = try arguments.integer(.timeout).map(TimeInterval.init) ?? 30
            guard timeout > 0 else { throw .usage("--timeout must be a positive number of seconds") }
            let now = try context.validationContext(arguments)
            let post: SaferpayCardPost
            do throws(SaferpayError) {
                post = try SaferpayCardPost(request: request, redirectURL: url, in: now)
            } catch {
                if case .invalidRequest(let report) = error {
                    return Verdict(report, outcome: "invalid").result(localizer: localizer)
                }
                throw CLIError(code: error.code, message: "--redirect-url: \(error)")
            }
            let result: SaferpayPostResult
            do throws(SaferpayError) {
                result = try await post.send(using: URLSessionTransport(), timeout: timeout, localizer: localizer, form: definition)
            } catch {
                throw CLIError(code: error.code, message: error.description)
            }
            switch result {
            case .redirect(let next):
                let message = localizer.string(forKey: "gc.processors.saferpay.redirect") ?? ""
                return Verdict(isValid: true, outcome: "redirect", members: [
                    (key: "redirectUrl", value: .string(next.absoluteString)), (key: "message", value: .string(message)),
                ]).result(localizer: localizer)
            case .error(let answer):
                return Verdict(isValid: false, outcome: "error", errors: answer.fieldErrors, members: [
                    (key: "errorName", value: .string(answer.errorName)),
                    (key: "behavior", value: answer.behavior.map(JSONValue.string) ?? .null),
                    (key: "category", value: .string(answer.category.rawValue)),
                    (key: "errorDetail", value: .array(answer.errorDetail.map { .string($0) })),
                    (key: "message", value: .string(answer.message)),
                ]).result(localizer: localizer)
            }
        }
    )

    enum ReturnOption: CommandOptions {
        case url, success, fail, abort

        var spec: OptionSpec {
            switch self {
            case .url: OptionSpec("--url", "URL", help: "The URL the web view is about to load.")
            case .success: OptionSpec("--success", "URL", help: "The shop's success return URL.")
            case .fail: OptionSpec("--fail", "URL", help: "The shop's fail return URL.")
            case .abort: OptionSpec("--abort", "URL", help: "The shop's abort return URL.")
            }
        }

        static let usage: [Usage<ReturnOption>] = [.required(.url), .required(.success), .required(.fail), .optional(.abort)]
    }

    static let returnURL = CommandSpec(
        name: "saferpay return",
        summary: "Say which of the shop's return URLs a web view is about to load.",
        details: """
        Output: {"result": "success" | "fail" | "abort" | "none"}. Scheme, host, port and path must match;
        query and fragment are ignored.
        """,
        options: ReturnOption.self,
        run: { arguments, _ throws(CLIError) in
            func url(_ option: ReturnOption) throws(CLIError) -> URL {
                guard let url = URL(string: try arguments.required(option)), url.scheme != nil else {
                    throw .usage("\(option.spec.flag) must be an absolute URL")
                }
                return url
            }
            let abort: URL? = arguments.has(.abort) ? try url(.abort) : nil
            let result = SaferpayReturn(navigation: try url(.url), success: try url(.success), fail: try url(.fail), abort: abort)
            return CommandResult(stdout: (["result": .string(result.rawValue)] as JSONValueBuilder).prettyText + "\n")
        }
    )
}
