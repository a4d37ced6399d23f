import Dispatch
import Explorer
import Foundation
import Synchronization

/// What ends a long command early: Ctrl-C, SIGTERM or `--time-limit`. Each raises the run's
/// stop signal, so the run ends with its partial report, and records why.
final class RunStop: Sendable {
    let signal = StopSignal()
    /// 0 none, else SIGINT, SIGTERM, or -1 for the time limit.
    private let causeCode = Atomic<Int32>(0)

    /// Why the run was stopped, or nil.
    var cause: SearchStopReason? {
        switch causeCode.load(ordering: .relaxed) {
        case 0: nil
        case -1: .timeLimit
        default: .interrupted
        }
    }

    /// The exit code the stop calls for (nil: not stopped by a signal or the time limit).
    var exitCode: Int32? {
        switch causeCode.load(ordering: .relaxed) {
        case SIGINT: ExitCode.interrupted
        case SIGTERM: ExitCode.terminated
        case -1: ExitCode.partial
        default: nil
        }
    }

    /// The signal's name, for the "NOT exhaustive" line.
    var reasonText: String? {
        switch causeCode.load(ordering: .relaxed) {
        case SIGINT: "interrupted (SIGINT)"
        case SIGTERM: "interrupted (SIGTERM)"
        case -1: "time limit reached"
        default: nil
        }
    }

    /// `reasonText` read when a report is written, for the searches that take it as a closure.
    var reason: @Sendable () -> String { { [self] in self.reasonText ?? "stopped" } }

    /// A stop already raised elsewhere: another rank's `signal` (SIGINT or SIGTERM), which this
    /// rank's report names and exits with; nil for any other number.
    convenience init?(agreed signal: Int32) {
        guard signal == SIGINT || signal == SIGTERM else { return nil }
        self.init()
        raise(signal)
    }

    func raise(_ code: Int32) {
        _ = causeCode.compareExchange(expected: 0, desired: code, ordering: .relaxed)
        if code > 0 { signal.raise(signal: code) } else { signal.raise() }
    }

    /// Runs `body` with SIGINT and SIGTERM (and the time limit, if any) raising the stop. The
    /// signals are blocked and read by `SignalWatcher` from the start of `main`, so one sent a
    /// millisecond after the process started stops this run too.
    func during<T>(timeLimit: Int? = nil, _ body: () -> T) -> T {
        SignalWatcher.shared.start()
        SignalWatcher.shared.begin(self)
        // The time limit waits on a thread of its own, not on Dispatch's global queue: that queue
        // is as wide as the cores, and searches or other runs keeping it busy delayed the limit by minutes.
        let ended = DispatchSemaphore(value: 0)
        if let timeLimit {
            let deadline = DispatchTime.now() + .seconds(timeLimit)
            let timer = Thread { [self] in
                if ended.wait(timeout: deadline) == .timedOut { raise(-1) }
            }
            timer.start()
        }
        defer {
            if timeLimit != nil { ended.signal() }
            SignalWatcher.shared.end(self)
        }
        return body()
    }
}
