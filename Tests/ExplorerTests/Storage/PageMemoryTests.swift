import Foundation
import Testing
@testable import Explorer

@Suite struct PageMemoryTests {
    /// The kernel's flags of the mapping holding `address` (the VmFlags line of /proc/self/smaps).
    static func vmFlags(of address: UnsafeRawPointer) throws -> [Substring] {
        // Read to the end: a /proc file reports a size of 0, so a sized read gets nothing.
        let file = try #require(FileHandle(forReadingAtPath: "/proc/self/smaps"))
        defer { try? file.close() }
        let smaps = String(decoding: try file.readToEnd() ?? Data(), as: UTF8.self)
        let target = UInt(bitPattern: address)
        var inside = false
        for line in smaps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if let range = fields.first, range.contains("-"), !range.hasSuffix(":") {
                let ends = range.split(separator: "-").compactMap { UInt($0, radix: 16) }
                inside = ends.count == 2 && ends[0] <= target && target < ends[1]
            } else if inside, fields.first == "VmFlags:" {
                return Array(fields.dropFirst())
            }
        }
        return []
    }

    @Test("a table of 8 MiB or more is advised huge pages, a smaller one is not; both start zeroed")
    func hugePages() throws {
        #if os(Linux)
        // Not a whole number of huge pages: the mapping is rounded up to them.
        let large = PageMemory.allocate(UInt64.self, count: PageMemory.hugeTableBytes / 8 + 5)
        defer { PageMemory.release(large) }
        let small = PageMemory.allocate(UInt64.self, count: PageMemory.hugeTableBytes / 8 / 2)
        defer { PageMemory.release(small) }
        #expect(large.allSatisfy { $0 == 0 } && small.allSatisfy { $0 == 0 })
        let largeFlags = try Self.vmFlags(of: UnsafeRawPointer(large.baseAddress!))
        let smallFlags = try Self.vmFlags(of: UnsafeRawPointer(small.baseAddress!))
        #expect(!largeFlags.isEmpty && !smallFlags.isEmpty)
        // A kernel built without transparent huge pages refuses the advice (the table works on).
        let kernelHasTHP = FileManager.default.fileExists(atPath: "/sys/kernel/mm/transparent_hugepage/enabled")
        #expect(largeFlags.contains("hg") == kernelHasTHP)
        #expect(!smallFlags.contains("hg"))
        #expect(UInt(bitPattern: large.baseAddress!) % UInt(PageMemory.hugePageSize) == 0)
        #endif
    }

    @Test("a huge table hands back whole huge pages only: a part of one keeps its values")
    func discardHuge() {
        let perHuge = PageMemory.hugePageSize / 8
        let count = PageMemory.hugeTableBytes / 8 + 3
        let table = PageMemory.allocate(UInt64.self, count: count)
        defer { PageMemory.release(table) }
        for i in 0..<count { table[i] = UInt64(i) + 1 }
        PageMemory.discard(table, before: perHuge - 1)  // not a whole huge page: nothing handed back
        #expect((0..<count).allSatisfy { table[$0] == UInt64($0) + 1 })
        PageMemory.discard(table, before: 2 * perHuge + 7)
        #expect(table[..<(2 * perHuge)].allSatisfy { $0 == 0 })
        #expect((2 * perHuge..<count).allSatisfy { table[$0] == UInt64($0) + 1 })
    }

    @Test("discarded pages read back as zeros; the rest keep their values")
    func discard() {
        let count = PageMemory.pageSize / 8 * 4
        let table = PageMemory.allocate(UInt64.self, count: count)
        defer { PageMemory.release(table) }
        for i in 0..<count { table[i] = UInt64(i) + 1 }
        let cut = PageMemory.pageSize / 8 * 2 + 5  // two whole pages and part of a third
        PageMemory.discard(table, before: cut)
        let wholePages = PageMemory.pageSize / 8 * 2
        #expect(table[..<wholePages].allSatisfy { $0 == 0 })
        #expect((wholePages..<count).allSatisfy { table[$0] == UInt64($0) + 1 })
    }

    /// Whether each page of `pages` pages from `base` is resident (mincore).
    static func resident(_ base: UnsafeRawPointer, pages: Int) -> [Bool] {
        var flags = [UInt8](repeating: 0, count: pages)
        #if os(Linux)
        guard mincore(UnsafeMutableRawPointer(mutating: base), pages * PageMemory.pageSize, &flags) == 0 else { return [] }
        #endif
        return flags.map { $0 & 1 == 1 }
    }

    @Test("populate maps the pages of a range now, keeping what they hold, and no others")
    func populate() throws {
        #if os(Linux)
        let perPage = PageMemory.pageSize / 8
        let table = PageMemory.allocate(UInt64.self, count: perPage * 8)
        defer { PageMemory.release(table) }
        let base = UnsafeRawPointer(try #require(table.baseAddress))
        table[perPage * 2] = 7  // page 2 written before
        PageMemory.populate(table, perPage * 2 + 3..<perPage * 4 + 1)  // pages 2, 3 and 4
        #expect(Self.resident(base, pages: 8) == [false, false, true, true, true, false, false, false])
        #expect(table[perPage * 2] == 7 && table[perPage * 3] == 0 && table[perPage * 4 + 9] == 0)
        PageMemory.populate(table, perPage * 7..<perPage * 100)  // clamped to the table
        #expect(Self.resident(base, pages: 8).last == true)
        #endif
    }
}
