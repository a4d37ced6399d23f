import Testing
@testable import PropertyEngine
@testable import PropertyTesting

@Suite struct FailureTests {
    enum Trouble: Error { case overflow(Int), missing }

    func failure(_ body: (Int, Check) throws -> Bool, _ value: Int = 1) -> Failure? {
        Failure.of(value, check: Check(), body)
    }

    @Test("failures match by kind and place, not by the values in their messages")
    func signatures() {
        let site: (Int, Check) throws -> Bool = { n, check in try check.expect(false, "value \(n)"); return true }
        #expect(failure(site, 1)?.signature == failure(site, 2)?.signature)
        #expect(failure(site, 1)?.message != failure(site, 2)?.message)
        let otherSite: (Int, Check) throws -> Bool = { n, check in try check.expect(false, "value \(n)"); return true }
        #expect(failure(site)?.signature != failure(otherSite)?.signature)
        #expect(failure({ n, _ in throw Trouble.overflow(n) }, 1)?.signature == failure({ n, _ in throw Trouble.overflow(n) }, 9)?.signature)
        #expect(failure({ n, _ in throw Trouble.overflow(n) })?.signature != failure({ _, _ in throw Trouble.missing })?.signature)
        #expect(failure({ _, _ in false })?.message == "the property returned false")
        #expect(failure({ _, _ in true }) == nil)
    }
}
