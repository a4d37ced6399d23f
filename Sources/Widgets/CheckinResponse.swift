/// A checkInHabit answer as both clients read it (spec: Background check-in delivery, step 4;
/// OBJ-1858's `tryReplay`): the check-in model's server answers in these classes, and
/// `CheckinDelivery` / `CheckinReplay` decide on them.
public enum CheckinResponse: Hashable, Codable, Sendable {
    /// The mutation succeeded; a rotated token, when the server sent one.
    case success(rotatedToken: String?)
    /// Top-level `errors[].extensions.code == "UNAUTHORIZED"`: the token is dead.
    case unauthorized
    /// A GraphQL 200 whose mutation payload carries errors (e.g. completedDate outside the window).
    case businessFailure
    /// No answer, a timeout, or a transport error.
    case transient
}
