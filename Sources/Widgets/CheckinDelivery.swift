/// The native delivery contract, per posted entry (spec: Background check-in delivery, step 4):
/// what happens to the entry, the token and the rest of the drain.
public enum CheckinDelivery {
    public enum Decision: Hashable, Sendable {
        /// Sent: remove the entry (only it) when the drain ends; use the rotated token onward.
        case removeAndContinue(rotatedToken: String?)
        /// Leave the entry queued, token untouched, go on to the next entry.
        case keepAndContinue
        /// Wipe the cached token, attempt nothing more, leave everything queued for the next mint.
        case stopAndClearToken
    }

    /// The decision for `response`; with `unauthorizedStopAndClear` off, UNAUTHORIZED reads as
    /// any other populated errors array would (keep, continue, token untouched).
    public static func decide(_ response: CheckinResponse, unauthorizedStopAndClear: Bool = true) -> Decision {
        switch response {
        case .success(let token): .removeAndContinue(rotatedToken: token)
        case .unauthorized: unauthorizedStopAndClear ? .stopAndClearToken : .keepAndContinue
        case .businessFailure, .transient: .keepAndContinue
        }
    }
}

/// The app's replay of one queued check-in (`syncStore.tryReplay`, OBJ-1858).
public enum CheckinReplay {
    public enum Outcome: Hashable, Sendable {
        /// Delivered: drop it from the queue.
        case delivered
        /// Rejected: drop it as a permanent_error, reported to Sentry (visible).
        case permanentError
        /// Rejected but read as success and dropped with no record (before OBJ-1858).
        case silentlyDropped
        /// Not answered: keep it for the next replay.
        case retry
    }

    public static func outcome(_ response: CheckinResponse, errorsArrayChecked: Bool = true) -> Outcome {
        switch response {
        case .success: .delivered
        case .unauthorized, .businessFailure: errorsArrayChecked ? .permanentError : .silentlyDropped
        case .transient: .retry
        }
    }
}
