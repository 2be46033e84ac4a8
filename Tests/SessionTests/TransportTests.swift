import Foundation
import Testing
import PaymentFormEngine
import PaymentFormJSON
import PaymentFormTestSupport

/// The session over an injected transport: what it sends, and how it reads every error shape.
@Suite("ClientSession over an injected transport")
struct TransportTests {
    /// Answers every request with one response (or error) and records what was sent.
    final class ScriptedTransport: ClientAPITransport, Sendable {
        private let sent = Shared<[ClientAPIRequest]>([])
        let answer: @Sendable (ClientAPIRequest) throws -> ClientAPIResponse

        init(_ answer: @escaping @Sendable (ClientAPIRequest) throws -> ClientAPIResponse) {
            self.answer = answer
        }

        convenience init(status: Int, body: String) {
            self.init { _ in ClientAPIResponse(statusCode: status, body: Array(body.utf8)) }
        }

        func send(_ request: ClientAPIRequest) async throws -> ClientAPIResponse {
            sent.append(request)
            return try answer(request)
        }

        var requests: [ClientAPIRequest] { sent.value }
    }

    static func configuration(apiURL: String = "https://api.example/client/v1") -> ClientSessionConfiguration {
        ClientSessionConfiguration(
            clientSessionId: "session-secret-123", customerId: "cust/../1", clientApiUrl: apiURL,
            assetUrl: "https://assets.example/", appIdentifier: "transport-tests", locale: "nl_NL")
    }

    let context = PaymentContext(amountOfMoney: AmountOfMoney(amount: 1_234, currencyCode: "EUR"), countryCode: "NL", isRecurring: true)

    @Test("the base URL: empty, /client and /client/v1 normalise; anything else is refused at creation", arguments: [
        ("https://api.example", "https://api.example/client/v1" as String?),
        ("https://api.example/", "https://api.example/client/v1"),
        ("https://api.example/client", "https://api.example/client/v1"),
        ("https://api.example/client/", "https://api.example/client/v1"),
        ("https://api.example/client/v1/", "https://api.example/client/v1"),
        ("http://127.0.0.1:8080/client/v1", "http://127.0.0.1:8080/client/v1"),
        ("https://api.example/client/v2", nil),
        ("https://api.example/other", nil),
        ("https://api.example/client/v1?x=1", nil),
        ("ftp://api.example", nil),
        ("not a url", nil),
        ("", nil),
    ])
    func baseURL(input: String, normalised: String?) throws {
        let transport = ScriptedTransport(status: 200, body: "{}")
        if let normalised {
            let session = try ClientSession(Self.configuration(apiURL: input), transport: transport)
            #expect(session.clientAPIBaseURL.absoluteString == normalised)
        } else {
            #expect { try ClientSession(Self.configuration(apiURL: input), transport: transport) } throws: { error in
                (error as? ClientAPIError)?.kind == .configuration
            }
        }
    }

    @Test("other configuration errors", arguments: ["session", "customer", "timeout", "asset"])
    func configurationErrors(broken: String) {
        var configuration = Self.configuration()
        switch broken {
        case "session": configuration.clientSessionId = ""
        case "customer": configuration.customerId = ""
        case "timeout": configuration.timeout = 0
        default: configuration.assetUrl = "assets"
        }
        #expect { try ClientSession(configuration, transport: ScriptedTransport(status: 200, body: "{}")) } throws: { error in
            (error as? ClientAPIError)?.code == "invalid_configuration"
        }
    }

    @Test("headers, path encoding and the context query")
    func request() async throws {
        let transport = ScriptedTransport(status: 200, body: #"{"paymentProducts": []}"#)
        let session = try ClientSession(Self.configuration(), transport: transport)
        _ = try await session.paymentProducts(for: context)
        let request = try #require(transport.requests.first)
        #expect(request.method == "GET")
        #expect(request.url.absoluteString
            == "https://api.example/client/v1/cust%2F%2E%2E%2F1/products?countryCode=NL&currencyCode=EUR&amount=1234&isRecurring=true&locale=nl_NL&hide=fields")
        #expect(request.header("Authorization") == "GCS v1Client:session-secret-123")
        #expect(request.header("Accept") == "application/json")
        #expect(request.header("Content-Type") == nil)
        let meta = try #require(request.header("X-GCS-ClientMetaInfo").flatMap { Data(base64Encoded: $0) })
        let json = try JSONParser().parse(meta)
        #expect(json["appIdentifier"] == .string("transport-tests"))
        #expect(json["sdkIdentifier"] == .string(ClientMetaInfo.sdkIdentifier))
        #expect(request.timeout == 30)
        #expect(!request.description.contains("session-secret"))
        #expect(request.description == "GET /client/v1/cust%2F%2E%2E%2F1/products")
    }

    @Test("the IIN body: the bin, and the context with JSON numbers and booleans")
    func iinBody() async throws {
        let transport = ScriptedTransport(status: 200, body: #"{"paymentProductId": 1, "isAllowedInContext": true}"#)
        let session = try ClientSession(Self.configuration(), transport: transport)
        _ = try await session.iinDetails(forPartialCardNumber: "4111111111111111", context: context)
        _ = try await session.iinDetails(forPartialCardNumber: "5555554")
        let bodies = transport.requests.map { String(decoding: $0.body ?? [], as: UTF8.self) }
        #expect(bodies == [
            #"{"bin":"41111111","paymentContext":{"amountOfMoney":{"amount":1234,"currencyCode":"EUR"},"countryCode":"NL","isRecurring":true}}"#,
            #"{"bin":"555555"}"#,
        ])
        #expect(transport.requests.allSatisfy { $0.method == "POST" && $0.header("Content-Type") == "application/json" })
        #expect(transport.requests.first?.url.path.hasSuffix("/services/getIINdetails") == true)
    }

    @Test("IIN answers map to statuses", arguments: [
        (200, #"{"paymentProductId": 3, "isAllowedInContext": true}"#, true, IINStatus.supported),
        (200, #"{"paymentProductId": 3, "isAllowedInContext": false}"#, true, .existingButNotAllowed),
        (200, #"{"paymentProductId": 3}"#, true, .existingButNotAllowed),
        (200, #"{"paymentProductId": 3}"#, false, .supported),
        (200, #"{"countryCode": "99"}"#, true, .unknown),
        (404, #"{"errorId": "x", "errors": [{"code": "300450", "message": "NO_IIN_FOUND"}]}"#, true, .unknown),
        (404, "", false, .unknown),
    ])
    func iinStatuses(status: Int, body: String, withContext: Bool, expected: IINStatus) async throws {
        let session = try ClientSession(Self.configuration(), transport: ScriptedTransport(status: status, body: body))
        let answer = try await session.iinDetails(forPartialCardNumber: "55555555", context: withContext ? context : nil)
        #expect(answer.status == expected)
        #expect(answer.source == .server)
    }

    @Test("error bodies: Connect's code, Online Payments' errorCode, numbers, unreadable bodies", arguments: [
        (400, #"{"errorId": "e-1", "errors": [{"code": "21000020", "propertyName": "amount", "message": "AMOUNT_INVALID"}]}"#, "e-1" as String?, "21000020" as String?, "amount" as String?),
        (403, #"{"errorId": "e-2", "errors": [{"errorCode": "30001101", "message": "FORBIDDEN", "retriable": false}]}"#, "e-2", "30001101", nil),
        (409, #"{"errorId": 7, "errors": [{"code": 1007}]}"#, "7", "1007", nil),
        (502, "Bad gateway", nil, nil, nil),
        (500, #"{"errors": "not a list"}"#, nil, nil, nil),
    ])
    func errorBodies(status: Int, body: String, errorId: String?, code: String?, property: String?) async throws {
        let session = try ClientSession(Self.configuration(), transport: ScriptedTransport(status: status, body: body))
        do {
            _ = try await session.paymentProduct(withId: "1", context: context)
            Issue.record("no error")
        } catch {
            #expect(error.kind == .http(status: status))
            #expect(error.httpStatus == status)
            #expect(error.errorId == errorId)
            #expect(error.errors.first?.code == code)
            #expect(error.errors.first?.propertyName == property)
            #expect(error.description.hasPrefix("GET products/1: the Client API answered HTTP \(status)"))
            #expect(!error.description.contains("session-secret"))
        }
    }

    @Test("transport failures map to kinds", arguments: [
        (URLError(.notConnectedToInternet) as any Error, "network_error"),
        (URLError(.cannotConnectToHost), "network_error"),
        (URLError(.secureConnectionFailed), "network_error"),
        (URLError(.timedOut), "timeout"),
        (URLError(.cancelled), "cancelled"),
        (CancellationError(), "cancelled"),
        (POSIXError(.ECONNRESET), "network_error"),
    ])
    func transportFailures(error: any Error, code: String) async throws {
        let session = try ClientSession(Self.configuration(), transport: ScriptedTransport { _ in throw error })
        do {
            _ = try await session.publicKey()
            Issue.record("no error")
        } catch {
            #expect(error.code == code)
            #expect(error.call == "GET crypto/publickey")
        }
    }

    @Test("a transport that never answers is cut off by the session's timeout")
    func sessionTimeout() async throws {
        struct Silent: ClientAPITransport {
            func send(_ request: ClientAPIRequest) async throws -> ClientAPIResponse {
                try await Task.sleep(nanoseconds: 60_000_000_000)
                return ClientAPIResponse(statusCode: 200)
            }
        }
        var configuration = Self.configuration()
        configuration.timeout = 0.05
        let session = try ClientSession(configuration, transport: Silent())
        do {
            _ = try await session.publicKey()
            Issue.record("no error")
        } catch {
            #expect(error.kind == .timeout)
        }
    }

    @Test("an unusable public key is a decoding error of publicKey")
    func badKey() async throws {
        let session = try ClientSession(Self.configuration(), transport: ScriptedTransport(status: 200, body: #"{"keyId": "k", "publicKey": "AAAA"}"#))
        do {
            _ = try await session.encryptionKey()
            Issue.record("no error")
        } catch {
            #expect(error.kind == .decoding(path: "publicKey"))
        }
    }
}
