import Foundation
import Testing
@testable import Widgets

@Suite struct LocalDayTests {
    @Test("the same instant is a different local day either side of the date line")
    func dateLine() {
        let t = Fixtures.utc(2026, 3, 11, 10, 30)
        #expect(LocalDay.key(t, in: Fixtures.zone("Pacific/Pago_Pago")) == "2026-03-10")
        #expect(LocalDay.key(t, in: Fixtures.zone("Pacific/Kiritimati")) == "2026-03-12")
    }

    @Test("same local day means same year and day of year in the given zone")
    func sameDay() {
        let ny = Fixtures.zone("America/New_York")
        let a = Fixtures.local(2026, 12, 31, 23, 59, in: ny), b = Fixtures.local(2027, 1, 1, 0, 0, in: ny)
        #expect(!LocalDay.isSame(a, b, in: ny))
        #expect(LocalDay.isSame(a, a.addingTimeInterval(-23 * 3600), in: ny))
        #expect(LocalDay.isSame(a, b, in: Fixtures.zone("UTC")))  // both 1 Jan in UTC
    }
}
