extension CheckinResponse {
    /// The top-level `extensions.code` of a dead token.
    public static let unauthorizedCode = "UNAUTHORIZED"

    /// The per-status contract (spec: Background check-in delivery, step 4; OBJ-1858), in
    /// this order: no answer is transient; UNAUTHORIZED among the top-level codes is a dead
    /// token whatever the status (the spec names the code, not a status, and a known-dead
    /// credential is never retried); any other non-2xx status is transient; a 2xx with any
    /// error, top-level or in the payload, is a business failure (a GraphQL 200 with errors
    /// populated is a rejection, not a success); a 2xx without errors succeeds.
    public init(classifying exchange: CheckinExchange) {
        guard let status = exchange.status else { self = .transient; return }
        if exchange.topLevelCodes.contains(Self.unauthorizedCode) { self = .unauthorized; return }
        guard (200..<300).contains(status) else { self = .transient; return }
        if !exchange.topLevelCodes.isEmpty || !exchange.payloadErrors.isEmpty { self = .businessFailure; return }
        self = .success(rotatedToken: exchange.rotatedToken)
    }
}
