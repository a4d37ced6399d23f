import Foundation
import Testing
@testable import Explorer

/// An output path that is not a regular file is never written over: the rename would replace
/// the node itself (as root, `/dev/null`). Tried in a scratch folder, never on /dev.
@Suite struct AtomicFileTests {
    static func scratch() -> String {
        let path = NSTemporaryDirectory() + "cardcheck-atomic-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func kind(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    @Test("a FIFO, a directory, a link to a FIFO and a /dev/null-like device are refused, and left as they were")
    func refusesSpecialFiles() throws {
        let dir = Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fifo = dir + "/fifo", folder = dir + "/folder", link = dir + "/link", device = dir + "/null"
        #expect(mkfifo(fifo, 0o644) == 0)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        #expect(symlink(fifo, link) == 0)
        var cases: [(String, String, mode_t)] = [
            (fifo, "a FIFO (named pipe)", S_IFIFO), (folder, "a directory", S_IFDIR), (link, "a FIFO (named pipe)", S_IFLNK),
        ]
        // The same device as /dev/null (only looked at), made here; only root (CAP_MKNOD) can make one.
        var null = stat()
        if stat("/dev/null", &null) == 0, mknod(device, S_IFCHR | 0o666, null.st_rdev) == 0 {
            cases.append((device, "a character device", S_IFCHR))
        }
        for (path, what, kind) in cases {
            #expect(AtomicFile.notRegular(path) == what)
            #expect(throws: AtomicFile.Failure(path: path, notRegular: what)) { try AtomicFile.write(Data("x".utf8), to: path) }
            #expect(throws: AtomicFile.Failure(path: path, notRegular: what)) { try AtomicFile.probe(path) }
            #expect(Self.kind(path) == kind, "\(path) replaced")
            #expect(!FileManager.default.fileExists(atPath: AtomicFile.temporary(for: path)))
        }
        #expect(AtomicFile.Failure(path: fifo, notRegular: "a FIFO (named pipe)").description
            == "\(fifo): a FIFO (named pipe), not a regular file: an output is never written over one")
    }

    @Test("a regular file, or none, is written whole; a FIFO left at the temporary file's name is removed, never written into")
    func writesRegularFiles() throws {
        let dir = Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/out.txt"
        #expect(AtomicFile.notRegular(path) == nil)
        try AtomicFile.write(Data("one".utf8), to: path)
        #expect(mkfifo(AtomicFile.temporary(for: path), 0o644) == 0)  // a write into it would block
        try AtomicFile.write(Data("two".utf8), to: path)
        #expect(FileManager.default.contents(atPath: path) == Data("two".utf8))
        #expect(Self.kind(path) == S_IFREG)
        #expect(!FileManager.default.fileExists(atPath: AtomicFile.temporary(for: path)))
    }
}
