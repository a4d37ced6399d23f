import Testing
@testable import FleetModel

@Suite("sameBytes")
struct SameBytesTests {
    @Test("values of 1 to 24 bytes: equal bytes compare same, one byte changed anywhere (the overlapping tail included) does not")
    func everyByte() {
        // Sizes below, at and past a word, and every tail length past one and two words.
        let failures = [
            check(InlineArray<1, UInt8>.self), check(InlineArray<2, UInt8>.self), check(InlineArray<3, UInt8>.self),
            check(InlineArray<5, UInt8>.self), check(InlineArray<7, UInt8>.self), check(InlineArray<8, UInt8>.self),
            check(InlineArray<9, UInt8>.self), check(InlineArray<10, UInt8>.self), check(InlineArray<11, UInt8>.self),
            check(InlineArray<12, UInt8>.self), check(InlineArray<13, UInt8>.self), check(InlineArray<14, UInt8>.self),
            check(InlineArray<15, UInt8>.self), check(InlineArray<16, UInt8>.self), check(InlineArray<17, UInt8>.self),
            check(InlineArray<23, UInt8>.self), check(InlineArray<24, UInt8>.self),
        ]
        #expect(failures.allSatisfy { $0.isEmpty }, "\(failures.flatMap { $0 })")
    }

    /// The sizes and byte offsets where `sameBytes` on a `T` answered wrong.
    func check<T>(_: T.Type) -> [String] {
        let n = MemoryLayout<T>.size
        let a = UnsafeMutableRawPointer.allocate(byteCount: n, alignment: 8)
        let b = UnsafeMutableRawPointer.allocate(byteCount: n, alignment: 8)
        defer { a.deallocate(); b.deallocate() }
        for k in 0..<n {
            a.storeBytes(of: UInt8(k), toByteOffset: k, as: UInt8.self)
            b.storeBytes(of: UInt8(k), toByteOffset: k, as: UInt8.self)
        }
        let x = UnsafePointer(a.assumingMemoryBound(to: T.self)), y = UnsafePointer(b.assumingMemoryBound(to: T.self))
        var wrong = sameBytes(x, y) ? [] : ["size \(n): equal bytes"]
        for k in 0..<n {
            b.storeBytes(of: 0xFF, toByteOffset: k, as: UInt8.self)
            if sameBytes(x, y) { wrong.append("size \(n): byte \(k) changed") }
            b.storeBytes(of: UInt8(k), toByteOffset: k, as: UInt8.self)
        }
        return wrong
    }
}
