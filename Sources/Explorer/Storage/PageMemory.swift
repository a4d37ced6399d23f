#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Tables taken straight from the kernel as zeroed pages: a page counts in the resident size only
/// once written, and a table being rehashed can hand back the pages it has been read past, so a
/// growth never holds the old and the new table whole at once (the search's peak, issue 10).
enum PageMemory {
    static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
    /// The transparent huge page size of x86-64 and most arm64 kernels.
    static let hugePageSize = 2 << 20
    /// Tables from this size on get huge pages. Below it 4 KiB pages' TLB reach covers the
    /// table, and huge pages only cost their zeroing and splits (the fleet's 3 MiB table: -3%).
    static let hugeTableBytes = 8 << 20

    /// Whether a table of `bytes` is mapped in huge pages.
    static func isHuge(_ bytes: Int) -> Bool { bytes >= hugeTableBytes }

    /// The bytes mapped for a table of `bytes`: a huge table's rounded up to whole huge pages,
    /// which the kernel then aligns to them (it aligns only mappings of whole huge pages).
    static func mapped(_ bytes: Int) -> Int {
        isHuge(bytes) ? (bytes + hugePageSize - 1) / hugePageSize * hugePageSize : bytes
    }

    /// `count` zeroed elements. Out of memory stops the process, as the heap's allocator does.
    static func allocate<T: BitwiseCopyable>(_ type: T.Type, count: Int) -> UnsafeMutableBufferPointer<T> {
        let bytes = count * MemoryLayout<T>.stride
        guard bytes > 0 else { return UnsafeMutableBufferPointer(start: nil, count: 0) }
        guard let p = mmap(nil, mapped(bytes), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), p != MAP_FAILED
        else { fatalError("out of memory: \(bytes) bytes for the visited set") }
        #if canImport(Glibc)
        // A probe lands anywhere in a large table: with 4 KiB pages nearly every probe also
        // missed the TLB (two-phase commit, 8 managers: +7%, issue 34).
        if isHuge(bytes) { _ = madvise(p, mapped(bytes), MADV_HUGEPAGE) }
        #endif
        return UnsafeMutableBufferPointer(start: p.bindMemory(to: T.self, capacity: count), count: count)
    }

    /// Returns a table `allocate` made.
    static func release<T>(_ buffer: UnsafeMutableBufferPointer<T>) {
        guard let base = buffer.baseAddress else { return }
        munmap(UnsafeMutableRawPointer(base), mapped(buffer.count * MemoryLayout<T>.stride))
    }

    /// Maps the pages of elements `range` (clamped to the table) writable now. A page first read
    /// maps the shared zero page, and its first write then copies it and flushes every other
    /// thread's TLB entry for it: with 2 threads those flushes were a third of a growth's time.
    static func populate<T>(_ buffer: UnsafeMutableBufferPointer<T>, _ range: Range<Int>) {
        guard let base = buffer.baseAddress else { return }
        let lower = max(0, min(range.lowerBound, buffer.count)), upper = max(lower, min(range.upperBound, buffer.count))
        guard upper > lower else { return }
        let page = UInt(pageSize)
        let start = UInt(bitPattern: base + lower) / page * page
        let end = (UInt(bitPattern: base + upper) + page - 1) / page * page
        #if canImport(Glibc)
        _ = madvise(UnsafeMutableRawPointer(bitPattern: start), Int(end - start), MADV_POPULATE_WRITE)
        #endif
    }

    /// Hands back the whole pages of elements `0 ..< end`, which are never read again: whole
    /// huge pages of a huge table, since handing back part of one splits it (a kernel's work).
    static func discard<T>(_ buffer: UnsafeMutableBufferPointer<T>, before end: Int) {
        guard let base = buffer.baseAddress else { return }
        let start = UInt(bitPattern: base)
        let unit = UInt(isHuge(buffer.count * MemoryLayout<T>.stride) ? hugePageSize : pageSize)
        let upTo = (start + UInt(end * MemoryLayout<T>.stride)) / unit * unit
        if upTo > start { _ = madvise(UnsafeMutableRawPointer(base), Int(upTo - start), MADV_DONTNEED) }
    }
}
