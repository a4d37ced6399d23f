/// A checkInHabit answer as both clients read it (spec: Background check-in delivery, step 4;
/// OBJ-1858's `tryReplay`).
public enum CheckinResponse: Hashable, Codable, Sendable {
    /// The mutation succeeded; a rotated token, when the server sent one.
    case success(rotatedToken: String?)
    /// Top-level `errors[].extensions.code == "UNAUTHORIZED"`: the token is dead.
    case unauthorized
    /// A GraphQL 200 whose mutation payload carries errors (e.g. completedDate outside the window).
    case businessFailure
    /// No answer, a timeout, or a transport error.
    case transient

    /// Classifies an HTTP exchange: `status` nil when nothing came back.
    public static func classify(
        status: Int?, topLevelCodes: [String], payloadErrors: [String], rotatedToken: String? = nil
    ) -> CheckinResponse {
        guard let status, (200..<300).contains(status) else { return .transient }
        if topLevelCodes.contains("UNAUTHORIZED") { return .unauthorized }
        if !topLevelCodes.isEmpty || !payloadErrors.isEmpty { return .businessFailure }
        return .success(rotatedToken: rotatedToken)
    }
}
