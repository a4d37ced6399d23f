/// A level's states on disk as what changed from the state before: a level is written in the
/// order its states were found, so neighbours are mostly siblings that differ in a few bytes.
extension ChunkCodec {
    /// Each element as, per 64 bytes of it, a varint mask of the bytes that differ from the
    /// element before (the first from zeros), then those bytes; nil when `Element` holds references.
    static var changedBytes: ChunkCodec? {
        guard _isPOD(Element.self), MemoryLayout<Element>.stride > 0 else { return nil }
        return ChunkCodec(encode: encodeChanges, decode: decodeChanges)
    }

    private static func encodeChanges(_ elements: [Element]) -> [UInt8] {
        let stride = MemoryLayout<Element>.stride
        var bytes: [UInt8] = []
        bytes.reserveCapacity(elements.count * (stride / 4 + 2))
        let zeros = [UInt8](repeating: 0, count: stride)
        zeros.withUnsafeBytes { zero in
            elements.withUnsafeBytes { raw in
                guard let base = raw.baseAddress, let zeroBase = zero.baseAddress else { return }
                for e in 0..<elements.count {
                    let now = base + e * stride
                    let before = e == 0 ? zeroBase : now - stride
                    for group in Swift.stride(from: 0, to: stride, by: 64) {
                        let end = min(group + 64, stride)
                        var mask: UInt64 = 0
                        var i = group
                        // Eight bytes at a time: most words of a sibling are unchanged.
                        while i + 8 <= end {
                            let x = now.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                                ^ before.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                            if x != 0 { mask |= Self.nonzeroBytes(x) << UInt64(i - group) }
                            i += 8
                        }
                        while i < end {
                            if now.load(fromByteOffset: i, as: UInt8.self) != before.load(fromByteOffset: i, as: UInt8.self) {
                                mask |= 1 << UInt64(i - group)
                            }
                            i += 1
                        }
                        Varint.put(mask, into: &bytes)
                        while mask != 0 {
                            bytes.append(now.load(fromByteOffset: group + mask.trailingZeroBitCount, as: UInt8.self))
                            mask &= mask - 1
                        }
                    }
                }
            }
        }
        return bytes
    }

    /// Bit k set for each nonzero byte k of `x` (in memory order: the words are little-endian).
    @inline(__always) private static func nonzeroBytes(_ x: UInt64) -> UInt64 {
        var t = x | (x >> 4)
        t |= t >> 2
        t |= t >> 1
        return ((t & 0x0101_0101_0101_0101) &* 0x0102_0408_1020_4080) >> 56
    }

    /// The elements back; nil when a mask names bytes past the element or the bytes end first.
    private static func decodeChanges(_ bytes: [UInt8]) -> [Element]? {
        let stride = MemoryLayout<Element>.stride
        let groups = (stride + 63) / 64
        // Each element takes at least one byte a group (its masks).
        let most = bytes.count / groups
        var ok = true
        let elements = [Element](unsafeUninitializedCapacity: most) { buffer, initialized in
            initialized = 0
            guard let target = buffer.baseAddress.map(UnsafeMutableRawPointer.init) else { return }
            bytes.withUnsafeBytes { raw in
                var offset = 0
                var count = 0
                while offset < raw.count {
                    guard count < most else { ok = false; return }
                    let now = target + count * stride
                    if count == 0 {
                        now.initializeMemory(as: UInt8.self, repeating: 0, count: stride)
                    } else {
                        now.copyMemory(from: now - stride, byteCount: stride)
                    }
                    for group in Swift.stride(from: 0, to: stride, by: 64) {
                        let width = min(64, stride - group)
                        guard var mask = Varint.get(raw, at: &offset), width == 64 || mask >> UInt64(width) == 0,
                            offset + mask.nonzeroBitCount <= raw.count
                        else { ok = false; return }
                        while mask != 0 {
                            now.storeBytes(of: raw[offset], toByteOffset: group + mask.trailingZeroBitCount, as: UInt8.self)
                            offset += 1
                            mask &= mask - 1
                        }
                    }
                    count += 1
                }
                initialized = count
            }
        }
        return ok ? elements : nil
    }
}
