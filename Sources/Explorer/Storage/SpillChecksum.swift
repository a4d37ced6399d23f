/// The checksum of a chunk of a spill file or a block of a visited set's run, checked each time
/// it is read back (a flipped bit, a torn or misplaced write changes it).
///
/// Each word is multiplied (128-bit) by its own position's odd constant and folded, and the
/// results are summed, as `WordPacker` does for fingerprints: the words do not wait for each
/// other. `SearchCheckpoint.checksum`'s chain of two multiplies a word waited on each word
/// and was 18% of a spilled search's CPU (a run's block, then 1 KiB, is checked on every lookup).
/// Only for files a process writes and reads back itself; files that outlive it keep theirs.
enum SpillChecksum {
    static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var sum: UInt64 = 0x243F_6A88_85A3_08D3
        var step: UInt64 = 0x9E37_79B9_7F4A_7C15
        @inline(__always) func add(_ word: UInt64) {
            let product = (word ^ 0xA076_1D64_78BD_642F).multipliedFullWidth(by: step)
            sum = sum &+ (product.high ^ product.low)
            step = step &+ 0x3C6E_F372_FE94_F82A  // even: the constant stays odd
        }
        var i = 0
        while i + 8 <= bytes.count {
            add(bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self).littleEndian)
            i += 8
        }
        // The last bytes in one word, low first (the length, mixed in below, tells their count).
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while i < bytes.count {
            tail |= UInt64(bytes[i]) << shift
            shift += 8
            i += 1
        }
        if shift > 0 { add(tail) }
        return Fingerprint.mix(Fingerprint.mix(sum) ^ UInt64(bytes.count))
    }
}
