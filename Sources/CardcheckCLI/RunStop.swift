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

    func raise(_ code: Int32) {
        _ = causeCode.compareExchange(expected: 0, desired: code, ordering: .relaxed)
        signal.raise()
    }

    /// Runs `body` with SIGINT and SIGTERM (and the time limit, if any) raising the stop.
    func during<T>(timeLimit: Int? = nil, _ body: () -> T) -> T {
        // A process started with the two blocked (a spawner's mask is inherited) would not stop.
        var both = sigset_t(), previous = sigset_t()
        sigemptyset(&both)
        sigaddset(&both, SIGINT)
        sigaddset(&both, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &both, &previous)
        var sources: [DispatchSourceProtocol] = []
        for sig in [SIGINT, SIGTERM] {
            Foundation.signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler { [self] in raise(sig) }
            source.resume()
            sources.append(source)
        }
        if let timeLimit {
            let timer = DispatchSource.makeTimerSource(queue: .global())
            timer.schedule(deadline: .now() + .seconds(timeLimit))
            timer.setEventHandler { [self] in raise(-1) }
            timer.resume()
            sources.append(timer)
        }
        defer {
            sources.forEach { $0.cancel() }
            Foundation.signal(SIGINT, SIG_DFL)
            Foundation.signal(SIGTERM, SIG_DFL)
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
        return body()
    }
}
