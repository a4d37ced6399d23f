import Foundation
import Testing
@testable import PropertyEngine
@testable import PropertyTesting

@Suite struct StepsTests {
    @Test("steps print numbered, one per line, and an empty sequence says so")
    func description() {
        #expect(Steps<BuggyCounterMachine>([.increment, .reset]).description == "1. increment\n2. reset")
        #expect(Steps<BuggyCounterMachine>([]).description == "(no steps)")
    }

    @Test("steps are stored in a corpus as the plain array of commands")
    func codable() throws {
        let steps = Steps<BuggyCounterMachine>([.increment, .decrement])
        let json = String(decoding: try JSONEncoder().encode(steps), as: UTF8.self)
        #expect(json == "[\"increment\",\"decrement\"]")
        #expect(try JSONDecoder().decode(Steps<BuggyCounterMachine>.self, from: Data(json.utf8)) == steps)
    }
}
