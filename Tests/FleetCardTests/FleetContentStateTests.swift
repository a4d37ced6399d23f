import Testing
@testable import FleetCard

@Suite struct FleetContentStateTests {
    let row = FleetRow(sid: "s1", title: "t", state: .working, since: 5)

    @Test("a change of only updatedAt is not a change; with the guard off it is")
    func updatedAtExcluded() throws {
        let old = FleetContentState(working: 1, needsInput: 0, rows: [row], more: 0, updatedAt: 10)
        var new = old
        new.updatedAt = 12
        #expect(FleetContentState.sameFleetContentState(old, new))
        #expect(FleetContentState.sameRenderableContent(old, new))
        let off = try #require(Guards.allBut("updatedAtExcluded"))
        #expect(!FleetContentState.sameFleetContentState(old, new, guards: off))
        #expect(!FleetContentState.sameRenderableContent(old, new, guards: off))
    }

    @Test("counts, more and each row's sid, title, state and since are all compared")
    func everyRenderableFieldCounts() {
        let base = FleetContentState(working: 1, needsInput: 0, rows: [row], more: 0, updatedAt: 10)
        var changes: [FleetContentState] = []
        for edit in 0..<7 {
            var copy = base
            switch edit {
            case 0: copy.working = 2
            case 1: copy.needsInput = 1
            case 2: copy.more = 1
            case 3: copy.rows[0].sid = "s2"
            case 4: copy.rows[0].title = "u"
            case 5: copy.rows[0].state = .needsInput
            default: copy.rows[0].since = 6
            }
            changes.append(copy)
        }
        #expect(changes.allSatisfy { !FleetContentState.sameFleetContentState(base, $0) })
    }

    @Test("a card adopted without content is never the same, so the next tick pushes")
    func adoptedIsNeverSame() {
        #expect(!FleetContentState.sameFleetContentState(nil, .zero(at: 0)))
    }
}
