/// One checkInHabit POST as it comes back, before either client reads it (spec: Background
/// check-in delivery, step 4; Credited to the day tapped, OBJ-1858): the HTTP status, the
/// top-level `errors[].extensions.code` values and the mutation payload's errors.
/// `CheckinResponse(classifying:)` turns it into the class both clients decide on.
public struct CheckinExchange: Hashable, Codable, Sendable {
    /// nil when nothing came back: no network, a timeout, a transport error.
    public var status: Int?
    /// The top-level errors' `extensions.code`, in order.
    public var topLevelCodes: [String]
    /// The mutation payload's own errors (e.g. completedDate outside the 7-day window).
    public var payloadErrors: [String]
    /// A rotated check-in token, when the server sent one (rotate-on-use).
    public var rotatedToken: String?

    public init(status: Int?, topLevelCodes: [String] = [], payloadErrors: [String] = [], rotatedToken: String? = nil) {
        self.status = status
        self.topLevelCodes = topLevelCodes
        self.payloadErrors = payloadErrors
        self.rotatedToken = rotatedToken
    }

    /// No answer at all.
    public static let noAnswer = CheckinExchange(status: nil)
    /// The server's signal for an invalid, expired or revoked token: a GraphQL 200 whose
    /// top-level errors carry UNAUTHORIZED.
    public static let revokedToken = CheckinExchange(status: 200, topLevelCodes: [CheckinResponse.unauthorizedCode])
    /// A rejected completedDate: "a normal GraphQL 200 with errors populated".
    public static let outsideWindow = CheckinExchange(status: 200, payloadErrors: ["completedDate outside the 7-day window"])
    /// A 200 with no errors.
    public static func ok(rotatedToken: String? = nil) -> CheckinExchange {
        CheckinExchange(status: 200, rotatedToken: rotatedToken)
    }
}
