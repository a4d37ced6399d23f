import Foundation
import Synchronization

/// SIGINT and SIGTERM from the first line of `main` to the exit: blocked in every thread (each
/// thread inherits the mask of the one that made it), so none is lost or kills the process
/// half-way, and read by one thread with sigwait(2). A signal goes to the run in progress
/// (`RunStop`), or waits for the next to start; a command that runs nothing long exits at once.
final class SignalWatcher: Sendable {
    static let shared = SignalWatcher()

    private struct State {
        var started = false
        var active: RunStop?
        /// Whether the command runs a `RunStop` (else a signal exits at once, as by default);
        /// until the command is known, a signal waits.
        var stoppable = true
        /// A signal no run has taken yet.
        var pending: Int32 = 0
    }

    private let state = Mutex(State())

    private static var signals: sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        return set
    }

    /// Blocks the two signals in the calling thread (and so in every thread it starts) and
    /// starts the thread that reads them. Called first thing by `main`; again, it does nothing.
    func start() {
        guard state.withLock({ s in defer { s.started = true }; return !s.started }) else { return }
        var set = Self.signals
        pthread_sigmask(SIG_BLOCK, &set, nil)
        let reader = Thread { [self] in
            var set = Self.signals
            while true {
                var sig: Int32 = 0
                if sigwait(&set, &sig) == 0 { deliver(sig) }
            }
        }
        reader.name = "cardcheck signals"
        reader.start()
    }

    /// Says whether the command about to run stops on a signal with its partial report.
    func command(stoppable: Bool) {
        let pending = state.withLock { s in
            s.stoppable = stoppable
            return s.pending
        }
        if !stoppable && pending != 0 { _exit(128 + pending) }
    }

    private func deliver(_ sig: Int32) {
        let (active, stoppable) = state.withLock { s -> (RunStop?, Bool) in
            if s.active == nil && s.pending == 0 { s.pending = sig }
            return (s.active, s.stoppable)
        }
        if let active {
            active.raise(sig)
        } else if !stoppable {
            _exit(128 + sig)
        }
    }

    /// `stop` takes the signals from now on; one that came before it (while the command read
    /// its input) stops it at once.
    func begin(_ stop: RunStop) {
        let early = state.withLock { s -> Int32 in
            s.active = stop
            defer { s.pending = 0 }
            return s.pending
        }
        if early != 0 { stop.raise(early) }
    }

    /// `stop`'s run is over: a signal from now on waits for the next run, or the exit.
    func end(_ stop: RunStop) { state.withLock { s in if s.active === stop { s.active = nil } } }

    /// A signal that came when no run was in progress (after the last one), for the exit code.
    var pending: Int32 { state.withLock { $0.pending } }
}
