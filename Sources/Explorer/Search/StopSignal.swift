import Synchronization

/// A flag another thread (a Ctrl-C handler) raises to stop a search cleanly.
public final class StopSignal: Sendable {
    private let raised = Atomic<Bool>(false)

    public init() {}

    /// Asks every search holding this signal to stop at its next check.
    public func raise() { raised.store(true, ordering: .relaxed) }

    /// Whether `raise()` was called.
    public var isRaised: Bool { raised.load(ordering: .relaxed) }
}
