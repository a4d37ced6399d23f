import Explorer
import Synchronization

/// One command's progress lines: each after the first in a search also says the rate since the
/// line before (`ProgressLine.text(_:since:)`); a search that starts anew (fewer seconds or
/// states than the line before: the next mutant) starts without one.
final class ProgressLines: Sendable {
    private let last = Mutex<(states: Int, seconds: Double)?>(nil)

    func text(_ p: SearchProgress) -> String {
        let previous = last.withLock { held in
            defer { held = (p.distinctStates, p.seconds) }
            return held
        }
        return ProgressLine.text(p, since: previous)
    }
}
