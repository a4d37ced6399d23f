import Dispatch
import Explorer
import Foundation

/// Ctrl-C during a run raises the run's stop signal instead of killing the process, so the
/// run ends with a partial report marked not exhaustive.
enum Interrupt {
    static func catching<T>(_ stop: StopSignal, _ body: () -> T) -> T {
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler { stop.raise() }
        source.resume()
        defer {
            source.cancel()
            signal(SIGINT, SIG_DFL)
        }
        return body()
    }
}
