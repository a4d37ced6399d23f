import Foundation
import Testing
@testable import Explorer

@Suite struct ResidentMemoryTests {
    static let meminfo = "MemTotal:       24684084 kB\nMemFree:        21784452 kB\nMemAvailable:   23530164 kB\n"

    @Test("the default limit is three quarters of MemTotal, or of a lower cgroup limit")
    func defaultLimit() {
        let total = 24_684_084 * 1024
        #expect(ResidentMemory.defaultLimit(meminfo: Self.meminfo, cgroupLimit: nil) == total / 4 * 3)
        #expect(ResidentMemory.defaultLimit(meminfo: Self.meminfo, cgroupLimit: "max\n") == total / 4 * 3)
        #expect(ResidentMemory.defaultLimit(meminfo: Self.meminfo, cgroupLimit: "4294967296\n") == 4_294_967_296 / 4 * 3)
        #expect(ResidentMemory.defaultLimit(meminfo: Self.meminfo, cgroupLimit: "99999999999999999\n") == total / 4 * 3)
        #expect(ResidentMemory.defaultLimit(meminfo: "MemFree: 1 kB\n", cgroupLimit: nil) == nil)
        #expect(ResidentMemory.defaultLimit(meminfo: nil, cgroupLimit: "4294967296") == nil)
    }

    @Test("on this machine the default is most of it: more than half its memory, less than all")
    func thisMachine() throws {
        let physical = Int(ProcessInfo.processInfo.physicalMemory)
        #expect(ResidentMemory.defaultLimit > 0 && ResidentMemory.defaultLimit < physical)
        let current = try #require(ResidentMemory.current())
        #expect(current < ResidentMemory.defaultLimit)
    }
}
