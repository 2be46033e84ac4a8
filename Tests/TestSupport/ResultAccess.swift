/// A `Result`'s sides as optionals a test can `try #require(...)`:
/// `let error = try #require(result.failureValue, "accepted")`.
extension Result {
    /// The value of a success; `nil` for a failure.
    package var successValue: Success? {
        if case .success(let value) = self { return value }
        return nil
    }

    /// The error of a failure; `nil` for a success.
    package var failureValue: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
