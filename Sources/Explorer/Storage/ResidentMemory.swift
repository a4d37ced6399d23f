import Foundation

/// The process's memory as the kernel counts it (Linux `/proc/self`), for the search's memory
/// limit and the benchmarks' bytes per state. Unknown (nil) where `/proc` cannot be read.
public enum ResidentMemory {
    /// Resident bytes now (`/proc/self/statm`, second field, in pages).
    public static func current() -> Int? {
        guard let text = read("/proc/self/statm") else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Peak resident bytes since the start or the last `resetPeak()` (`VmHWM`).
    public static func peak() -> Int? {
        guard let text = read("/proc/self/status") else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let kb = line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
            return kb.map { $0 * 1024 }
        }
        return nil
    }

    /// Starts the peak over from the current resident size (Linux: "5" into clear_refs).
    @discardableResult
    public static func resetPeak() -> Bool {
        let fd = open("/proc/self/clear_refs", O_WRONLY)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return write(fd, "5", 1) == 1
    }

    /// Most of the machine: three quarters of its memory (`MemTotal` in `/proc/meminfo`), or of
    /// the container's limit (cgroup `memory.max`) when that is lower, since the kernel kills a
    /// process at whichever it reaches first. Read once per process.
    public static let defaultLimit: Int = defaultLimit(
        meminfo: read("/proc/meminfo"),
        cgroupLimit: read("/sys/fs/cgroup/memory.max") ?? read("/sys/fs/cgroup/memory/memory.limit_in_bytes"))
        ?? Int(ProcessInfo.processInfo.physicalMemory / 4 * 3)

    /// Three quarters of the smaller of `MemTotal` (kB, from /proc/meminfo's text) and the
    /// cgroup limit (bytes, or "max" for none); nil when `meminfo` has no `MemTotal`.
    static func defaultLimit(meminfo: String?, cgroupLimit: String?) -> Int? {
        guard let meminfo else { return nil }
        var total: Int?
        for line in meminfo.split(separator: "\n") where line.hasPrefix("MemTotal:") {
            total = line.split(separator: " ").dropFirst().first.flatMap { Int($0) }.map { $0 * 1024 }
        }
        guard var bytes = total, bytes > 0 else { return nil }
        if let text = cgroupLimit?.trimmingCharacters(in: .whitespacesAndNewlines), let limit = Int(text), limit > 0 {
            bytes = min(bytes, limit)
        }
        return bytes / 4 * 3
    }

    private static func read(_ path: String) -> String? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = buffer.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, 4096) }
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<n], as: UTF8.self)
    }
}
