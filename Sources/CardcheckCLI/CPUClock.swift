import Foundation

/// The process's CPU time (user + system, every thread), for the report's per-unit timings:
/// units run one after another, so the difference across one unit is that unit's CPU.
enum CPUClock {
    static func milliseconds() -> Int {
        var usage = rusage()
        guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
        let micro = (Int(usage.ru_utime.tv_sec) + Int(usage.ru_stime.tv_sec)) * 1_000_000
            + Int(usage.ru_utime.tv_usec) + Int(usage.ru_stime.tv_usec)
        return micro / 1000
    }
}
