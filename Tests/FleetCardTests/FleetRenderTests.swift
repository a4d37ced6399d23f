import Testing
@testable import FleetCard

@Suite struct FleetRenderTests {
    let rows = (1...3).map { FleetRow(sid: "s\($0)", title: "", state: .working, since: 0) }

    @Test("the Dynamic Island expanded shows 2 rows and folds the third into more")
    func island() {
        let content = FleetContentState(working: 5, needsInput: 0, rows: rows, more: 2, updatedAt: 0)
        let surface = FleetRender.islandExpanded(content)
        #expect(surface.rows.map(\.sid) == ["s1", "s2"] && surface.more == 3)
        #expect(FleetRender.lockScreen(content) == FleetSurface(rows: rows, more: 2))
        #expect(FleetRender.compactTrailing(content) == 5)
    }

    @Test("needs-input turns the accent amber and the relevance score to 100")
    func accent() {
        let calm = FleetContentState(working: 1, needsInput: 0, rows: [], more: 1, updatedAt: 0)
        var asking = calm
        asking.needsInput = 1
        #expect(FleetRender.accent(calm) == .green && FleetRender.relevanceScore(calm) == 90)
        #expect(FleetRender.accent(asking) == .amber && FleetRender.relevanceScore(asking) == 100)
        #expect(FleetAccent.amber.rawValue == "#FF9F0A" && FleetAccent.green.rawValue == "#30D158")
    }
}
