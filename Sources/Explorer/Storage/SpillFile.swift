import Foundation

/// A scratch file in the spill directory that a search writes whole chunks of a column to and
/// reads them back from. It is made without a name (Linux's O_TMPFILE), so no moment exists
/// at which a killed run would leave it behind; `reset()` gives its space back when the level it
/// held has been read. A filesystem that cannot make such files is refused before the search.
///
/// Each chunk carries a checksum: what is read back is what was written, or it is refused.
final class SpillFile: @unchecked Sendable {
    /// Where a chunk was written: its bytes and their checksum.
    struct Place: Sendable {
        let range: Range<Int>
        let checksum: UInt64
    }

    let directory: String
    let fd: Int32
    /// The end of what was written since the last reset.
    private(set) var end = 0
    /// Bytes written over the run (a level's space is reused: this counts every write).
    private(set) var written = 0
    /// Why a write or read failed, once one has (the search stops on it).
    private(set) var failure: String?

    /// Opens a new file in `directory`; nil when none can be created there (`failure` of the
    /// caller's choosing: `SpillFile.openError`).
    init?(directory: String, name: String) {
        self.directory = directory
        #if os(Linux)
        // Unnamed from the start: between an open and an unlink a kill would leave a file.
        let opened = open(directory, Self.unnamed | O_RDWR | O_CLOEXEC, 0o600)
        guard opened >= 0 else { return nil }
        fd = opened
        #else
        // No unnamed files here: named, and unlinked at once (a kill in between leaves it).
        var counter = 0
        var opened: Int32 = -1
        var path = ""
        while opened < 0 && counter < 1000 {
            path = (directory as NSString).appendingPathComponent(
                ".cardcheck-spill-\(getpid())-\(name)-\(counter)")
            opened = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if opened < 0 && errno != EEXIST { return nil }
            counter += 1
        }
        guard opened >= 0 else { return nil }
        unlink(path)
        fd = opened
        #endif
    }

    deinit { close(fd) }

    #if os(Linux)
    /// O_TMPFILE (`__O_TMPFILE | O_DIRECTORY`), which Glibc's headers give Swift only as a macro of macros.
    static let unnamed: Int32 = 0o20_000_000 | O_DIRECTORY
    #endif

    /// Why no spill file can be created in `directory` (nil: one can), for the command line to
    /// say before a search starts.
    static func problem(directory: String) -> String? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
            return "\(directory): no such directory (--spill)"
        }
        guard isDirectory.boolValue else { return "\(directory): not a directory (--spill)" }
        guard SpillFile(directory: directory, name: "probe") != nil else {
            let why = errno
            if why == EOPNOTSUPP || why == EISDIR || why == EINVAL {
                return "\(directory): its filesystem cannot make unnamed files (O_TMPFILE), which --spill needs so that a killed run leaves none behind (ext4, xfs, btrfs and tmpfs can)"
            }
            return "\(directory): cannot create files there (--spill): \(String(cString: strerror(why)))"
        }
        return nil
    }

    /// Appends `bytes`; nil (and `failure` set) when they could not all be written.
    func append(_ bytes: [UInt8]) -> Place? {
        let start = end
        guard bytes.withUnsafeBytes({ write($0, at: start) }) else { return nil }
        return bytes.withUnsafeBytes { Place(range: start..<end, checksum: SpillChecksum.of($0)) }
    }

    /// Writes `bytes` at `offset` (the caller keeps their checksums); false (and `failure` set)
    /// when they could not all be written.
    func write(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> Bool {
        guard failure == nil else { return false }
        var done = 0
        while done < bytes.count {
            let n = bytes.baseAddress.map { pwrite(fd, $0 + done, bytes.count - done, off_t(offset + done)) } ?? 0
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                failure = "\(directory): cannot write the spill file: \(String(cString: strerror(errno)))"
                return false
            }
            done += n
        }
        end = max(end, offset + bytes.count)
        written += bytes.count
        return true
    }

    /// Fills `buffer` from `offset` (any thread may call this; `failure` is not touched, the
    /// caller checks what it read); why not, or nil when every byte was read.
    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> String? {
        var done = 0
        while done < buffer.count {
            let n = buffer.baseAddress.map { pread(fd, $0 + done, buffer.count - done, off_t(offset + done)) } ?? 0
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return n < 0 ? String(cString: strerror(errno)) : "it is shorter than written" }
            done += n
        }
        return nil
    }

    /// The bytes at `place`, checked against its checksum; nil (and `failure` set) otherwise.
    func read(_ place: Place) -> [UInt8]? {
        guard failure == nil else { return nil }
        var bytes = [UInt8](repeating: 0, count: place.range.count)
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeMutableBytes { buffer in
                buffer.baseAddress.map { pread(fd, $0 + done, buffer.count - done, off_t(place.range.lowerBound + done)) } ?? 0
            }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                failure = "\(directory): cannot read the spill file back: \(n < 0 ? String(cString: strerror(errno)) : "it is shorter than written")"
                return nil
            }
            done += n
        }
        guard bytes.withUnsafeBytes(SpillChecksum.of) == place.checksum else {
            failure = "\(directory): the spill file read back differs from what was written"
            return nil
        }
        return bytes
    }

    /// Bytes the file takes on disk now (its blocks: a reset level's are given back).
    var bytesOnDisk: Int {
        var status = stat()
        guard fstat(fd, &status) == 0 else { return 0 }
        return Int(status.st_blocks) * 512
    }

    /// Bytes free for this process in `directory`'s filesystem; nil when it cannot be asked.
    static func freeBytes(in directory: String) -> Int? {
        var status = statvfs()
        guard statvfs(directory, &status) == 0 else { return nil }
        return Int(status.f_bavail) * Int(status.f_frsize)
    }

    /// Gives the file's space back: nothing written before is read again.
    func reset() {
        end = 0
        _ = ftruncate(fd, 0)
    }
}
