import Foundation

/// Writes a file whole or not at all: the bytes go to a hidden temporary file beside it, which
/// is renamed over the file. The temporary file's name is fixed (`.NAME.cardcheck-partial`), so
/// one a killed run left is replaced by the next write of the same file, and `sweep` removes
/// the rest; a write that fails (a full disk, a read-only folder) removes its own.
///
/// A path that exists and is not a regular file (a device, a FIFO, a socket, a directory) is
/// never written over: the rename would replace the node itself (as root, `/dev/null`).
public enum AtomicFile {
    static let suffix = ".cardcheck-partial"

    /// Why a file could not be written: its path, and what it is when it is not a regular file.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        public let path: String
        /// "a FIFO (named pipe)", "a character device"...: the path is not a regular file.
        public var notRegular: String?

        public init(path: String, notRegular: String? = nil) {
            self.path = path
            self.notRegular = notRegular
        }

        public var description: String {
            notRegular.map { AtomicFile.notRegularLine(path, $0) } ?? "\(path): cannot write (disk full or folder not writable)"
        }
    }

    /// The one line that refuses `path` as an output because it is `kind`, not a regular file.
    public static func notRegularLine(_ path: String, _ kind: String) -> String {
        "\(path): \(kind), not a regular file: an output is never written over one"
    }

    /// What `path` (its symbolic links followed) is when it exists and is not a regular file;
    /// nil when it is a regular file or does not exist.
    public static func notRegular(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "a directory"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFSOCK: return "a socket"
        default: return "a special file"
        }
    }

    /// The temporary file a write of `path` goes through.
    public static func temporary(for path: String) -> String {
        let url = URL(fileURLWithPath: path)
        let dir = url.deletingLastPathComponent().path
        return (path.contains("/") ? dir + "/" : "") + "." + url.lastPathComponent + suffix
    }

    /// Whether a write of `path` can be made now, tried by making (and removing) its temporary
    /// file: permissions alone do not tell (root, a read-only mount, /proc). Run before a long
    /// run, so an output that cannot be written fails first.
    public static func probe(_ path: String) throws(Failure) {
        if let kind = notRegular(path) { throw Failure(path: path, notRegular: kind) }
        let fd = openTemporary(for: path)
        guard fd >= 0 else { throw Failure(path: path) }
        close(fd)
        unlink(temporary(for: path))
    }

    /// A fresh temporary file for `path`: whatever a killed run (or anyone) left under its name
    /// is removed first, so the write never goes into a FIFO, a device or a link's target.
    private static func openTemporary(for path: String) -> Int32 {
        let temporary = temporary(for: path)
        unlink(temporary)
        return open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
    }

    public static func write(_ data: Data, to path: String) throws(Failure) {
        if let kind = notRegular(path) { throw Failure(path: path, notRegular: kind) }
        let fd = openTemporary(for: path)
        guard fd >= 0 else { throw Failure(path: path) }
        let temporary = temporary(for: path)
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
        // Looked at again just before the rename: the place may have been taken meanwhile.
        let kind = notRegular(path)
        guard ok, closed, kind == nil, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw Failure(path: path, notRegular: kind)
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
