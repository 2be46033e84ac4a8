package import PaymentFormJSON

/// The body the Client API sends with an error status:
/// `{"errorId": "...", "errors": [{"code": "9002", "message": "...", "propertyName": "..."}]}`.
///
/// Connect names each error's code `code`; Online Payments names it `errorCode`. Both are read
/// into ``Item/code``.
public struct ClientAPIErrorResponse: ClientAPIModel, JSONModel, Hashable {
    /// One error of the response.
    public struct Item: ClientAPIModel, JSONModel, Hashable {
        /// The error's code (`code` or `errorCode` in the JSON), such as `1007` or `9002`.
        public var code: String?
        /// The API's text, such as `UNKNOWN_PRODUCT_ID`.
        public var message: String?
        /// The request property at fault, such as `productId`.
        public var propertyName: String?
        /// The API's category, such as `CONNECT_PLATFORM_ERROR`.
        package var category: String?
        /// The API's identifier of the error kind.
        package var id: String?
        /// The HTTP status the API says goes with it.
        package var httpStatusCode: Int?

        /// An error item.
        package init(code: String?, message: String? = nil, propertyName: String? = nil, category: String? = nil, id: String? = nil, httpStatusCode: Int? = nil) {
            self.code = code
            self.message = message
            self.propertyName = propertyName
            self.category = category
            self.id = id
            self.httpStatusCode = httpStatusCode
        }

        package init(json: JSONValue, at path: JSONPath, diagnostics: inout [DefinitionDiagnostic]) throws(DefinitionError) {
            let object = try JSONNode(json, path: path).object()
            // Codes come as strings, sometimes as numbers.
            code = try (object.optional("code") ?? object.optional("errorCode"))?.identifier()
            message = try object.string("message")
            propertyName = try object.string("propertyName")
            category = try object.string("category")
            id = try object.string("id")
            httpStatusCode = try object.int("httpStatusCode")
        }

        package var json: JSONValue {
            jsonObject([
                ("code", .from(code)), ("id", .from(id)), ("category", .from(category)), ("message", .from(message)),
                ("propertyName", .from(propertyName)), ("httpStatusCode", .from(httpStatusCode)),
            ])
        }
    }

    /// The API's identifier of this occurrence (quote it to the platform's support).
    package var errorId: String?
    /// The errors, in the order sent. Unreadable items are skipped (and reported).
    package var errors: [Item]

    /// An error response.
    package init(errorId: String?, errors: [Item]) {
        self.errorId = errorId
        self.errors = errors
    }

    package init(json: JSONValue, at path: JSONPath, diagnostics: inout [DefinitionDiagnostic]) throws(DefinitionError) {
        let object = try JSONNode(json, path: path).object()
        errorId = try object.optional("errorId")?.identifier()
        errors = try decodeTolerantly(object.optional("errors"), diagnostics: &diagnostics) { node, diagnostics throws(DefinitionError) in
            try Item(json: node.value, at: node.path, diagnostics: &diagnostics)
        }
    }

    package var json: JSONValue {
        jsonObject([("errorId", .from(errorId)), ("errors", .array(errors.map { $0.json }))])
    }
}
