import Testing
@testable import PropertyEngine
@testable import PropertyTesting

@Suite struct CheckTests {
    @Test("expect throws a failure carrying the message and the call site; a holding expect does nothing")
    func expectFailsWithLocation() throws {
        let check = Check()
        try check.expect(true, "never shown")
        do {
            try check.expect(1 > 2, "one is not more than two")
            Issue.record("expect(false) did not throw")
        } catch let failure as PropertyFailure {
            #expect(failure.message == "one is not more than two")
            #expect(failure.fileID == "PropertyTestingTests/CheckTests.swift")
            #expect(failure.description == "one is not more than two (PropertyTestingTests/CheckTests.swift:\(failure.line))")
        }
    }

    @Test("a label is counted once per case however often it is set, and only when its condition holds")
    func labelsOncePerCase() {
        let check = Check()
        check.label("a")
        check.label("a")
        check.label("b", when: false)
        check.label("c", when: true)
        #expect(check.labels == ["a", "c"])
    }
}
