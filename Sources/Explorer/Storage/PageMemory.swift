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

    /// `count` zeroed elements. Out of memory stops the process, as the heap's allocator does.
    static func allocate<T: BitwiseCopyable>(_ type: T.Type, count: Int) -> UnsafeMutableBufferPointer<T> {
        let bytes = count * MemoryLayout<T>.stride
        guard bytes > 0 else { return UnsafeMutableBufferPointer(start: nil, count: 0) }
        guard let p = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), p != MAP_FAILED
        else { fatalError("out of memory: \(bytes) bytes for the visited set") }
        #if canImport(Glibc)
        // Huge pages for a table past one: a probe lands anywhere in it, and with 4 KiB pages
        // nearly every probe of a large table also missed the TLB (issue 34).
        if bytes >= hugePageSize { _ = madvise(p, bytes, MADV_HUGEPAGE) }
        #endif
        return UnsafeMutableBufferPointer(start: p.bindMemory(to: T.self, capacity: count), count: count)
    }

    /// Returns a table `allocate` made.
    static func release<T>(_ buffer: UnsafeMutableBufferPointer<T>) {
        guard let base = buffer.baseAddress else { return }
        munmap(UnsafeMutableRawPointer(base), buffer.count * MemoryLayout<T>.stride)
    }

    /// Hands back the whole pages of elements `0 ..< end`, which are never read again.
    static func discard<T>(_ buffer: UnsafeMutableBufferPointer<T>, before end: Int) {
        guard let base = buffer.baseAddress else { return }
        let bytes = (end * MemoryLayout<T>.stride) / pageSize * pageSize
        if bytes > 0 { _ = madvise(UnsafeMutableRawPointer(base), bytes, MADV_DONTNEED) }
    }
}
