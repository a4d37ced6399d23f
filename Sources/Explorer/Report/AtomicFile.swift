import Foundation

/// Writes a file whole or not at all: the bytes go to a hidden temporary file beside it, which
/// is renamed over the file. The temporary file's name is fixed (`.NAME.cardcheck-partial`), so
/// one a killed run left is replaced by the next write of the same file, and `sweep` removes
/// the rest; a write that fails (a full disk, a read-only folder) removes its own.
public enum AtomicFile {
    static let suffix = ".cardcheck-partial"

    /// Why a file could not be written: its path.
    public struct Failure: Error, Equatable, Sendable {
        public let path: String
    }

    /// The temporary file a write of `path` goes through.
    public static func temporary(for path: String) -> String {
        let url = URL(fileURLWithPath: path)
        let dir = url.deletingLastPathComponent().path
        return (path.contains("/") ? dir + "/" : "") + "." + url.lastPathComponent + suffix
    }

    public static func write(_ data: Data, to path: String) throws(Failure) {
        let temporary = temporary(for: path)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Failure(path: path) }
        var written = 0
        let ok = data.withUnsafeBytes { raw -> Bool in
            guard let base = raw.baseAddress else { return true }
            while written < raw.count {
                let n = Foundation.write(fd, base + written, raw.count - written)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return false }
                written += n
            }
            return true
        }
        // close(2) can report the failure of a write the kernel had buffered (NFS, quotas).
        let closed = close(fd) == 0
        guard ok, closed, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw Failure(path: path)
        }
    }

    /// Removes the temporary files a killed run left under `directory` (and its folders).
    public static func sweep(_ directory: String) {
        guard let names = FileManager.default.enumerator(atPath: directory) else { return }
        var leftovers: [String] = []
        while let name = names.nextObject() as? String {
            if URL(fileURLWithPath: name).lastPathComponent.hasPrefix("."), name.hasSuffix(suffix) { leftovers.append(name) }
        }
        for name in leftovers.sorted() { unlink(directory + "/" + name) }
    }
}
