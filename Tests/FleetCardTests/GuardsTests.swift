import Testing
@testable import FleetCard

@Suite struct GuardsTests {
    @Test("every guard is on by default and the names follow the shared contract")
    func defaultsAndNames() {
        #expect(Guards.names.count == 15)
        #expect(Guards.names.first == "endGateTrustworthiness" && Guards.names.last == "creationGatedOnTrust")
        #expect(Guards.names.allSatisfy { Guards.all.isOn($0) == true })
        #expect(Guards.all.switchedOff == [])
    }

    @Test("each name switches exactly its own guard off")
    func eachNameSwitchesOne() throws {
        for name in Guards.names {
            let guards = try #require(Guards.allBut(name))
            #expect(guards.switchedOff == [name])
            #expect(guards.with(name, true) == Guards.all)
        }
    }

    @Test("an unknown name is refused, not ignored")
    func unknownName() {
        #expect(Guards.all.with("seenSid", false) == nil)
        #expect(Guards.all.isOn("nope") == nil)
    }
}
