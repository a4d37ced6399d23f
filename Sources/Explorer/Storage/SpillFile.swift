import Foundation

/// A scratch file in the spill directory that a search writes whole chunks of a column to and
/// reads them back from. It is unlinked as soon as it is opened, so a killed run leaves nothing
/// behind; `reset()` gives its space back when the level it held has been read.
///
/// Each chunk carries a checksum: what is read back is what was written, or it is refused.
final class SpillFile: @unchecked Sendable {
    /// Where a chunk was written: its bytes and their checksum.
    struct Place: Sendable {
        let range: Range<Int>
        let checksum: UInt64
    }

    let directory: String
    private let fd: Int32
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
    }

    deinit { close(fd) }

    /// Why no spill file can be created in `directory` (nil: one can), for the command line to
    /// say before a search starts.
    static func problem(directory: String) -> String? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
            return "\(directory): no such directory (--spill)"
        }
        guard isDirectory.boolValue else { return "\(directory): not a directory (--spill)" }
        guard SpillFile(directory: directory, name: "probe") != nil else {
            return "\(directory): cannot create files there (--spill): \(String(cString: strerror(errno)))"
        }
        return nil
    }

    /// Appends `bytes`; nil (and `failure` set) when they could not all be written.
    func append(_ bytes: [UInt8]) -> Place? {
        guard failure == nil else { return nil }
        let start = end
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { buffer in
                buffer.baseAddress.map { pwrite(fd, $0 + done, buffer.count - done, off_t(start + done)) } ?? 0
            }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                failure = "\(directory): cannot write the spill file: \(String(cString: strerror(errno)))"
                return nil
            }
            done += n
        }
        end += bytes.count
        written += bytes.count
        return bytes.withUnsafeBytes { Place(range: start..<end, checksum: SearchCheckpoint.checksum($0)) }
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
        guard bytes.withUnsafeBytes(SearchCheckpoint.checksum) == place.checksum else {
            failure = "\(directory): the spill file read back differs from what was written"
            return nil
        }
        return bytes
    }

    /// Gives the file's space back: nothing written before is read again.
    func reset() {
        end = 0
        _ = ftruncate(fd, 0)
    }
}
