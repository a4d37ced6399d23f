import Synchronization

/// A flag another thread (a Ctrl-C handler) raises to stop a search cleanly.
public final class StopSignal: Sendable {
    private let raised = Atomic<Bool>(false)
    private let number = Atomic<Int32>(0)

    public init() {}

    /// Asks every search holding this signal to stop at its next check.
    public func raise() { raised.store(true, ordering: .relaxed) }

    /// Stops as `raise()` does, naming the signal that asked (the first one is kept): a
    /// distributed run tells every rank's report which signal stopped the job.
    public func raise(signal: Int32) {
        _ = number.compareExchange(expected: 0, desired: signal, ordering: .relaxed)
        raise()
    }

    /// The signal named by `raise(signal:)`, or 0.
    public var signal: Int32 { number.load(ordering: .relaxed) }

    /// Whether `raise()` was called.
    public var isRaised: Bool { raised.load(ordering: .relaxed) }
}
