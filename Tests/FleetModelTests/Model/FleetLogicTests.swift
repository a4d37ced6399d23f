import FleetCard
import Testing
@testable import FleetModel

@Suite("FleetLogic")
struct FleetLogicTests {
    static let contents: [CardContent] = [
        .zero,
        CardContent(working: 1, needsInput: 0, rows: [0], more: 0),
        CardContent(working: 0, needsInput: 1, rows: [1], more: 0),
        CardContent(working: 1, needsInput: 1, rows: [3, 0], more: 0),
        CardContent(working: 4, needsInput: 0, rows: [0, 2, 4], more: 1),
    ]

    @Test("a stored content converts to FleetCard's content state and back unchanged", arguments: contents)
    func roundTrip(_ c: CardContent) {
        #expect(FleetLogic.cell(FleetLogic.content(c, stamps: SinceMap(), updatedAt: 7)) == c)
    }

    @Test("comparing stored contents as values is FleetCard's sameRenderableContent")
    func renderable() {
        for a in Self.contents {
            for b in Self.contents {
                #expect(FleetLogic.sameRenderable(a, b, guards: .all) == (a == b))
            }
        }
    }

    @Test("a registry token's number and phone survive the trip through FleetCard's strings")
    func tokens() {
        let t = TokenEntry(token: 17, device: 1, env: 1)
        #expect(FleetLogic.entry(FleetLogic.token(t)) == t)
        let foreign = TokenEntry(token: 3, device: 0xFF, env: 0)
        #expect(FleetLogic.entry(FleetLogic.token(foreign)) == foreign)
    }

    @Test("the truth ignores hidden sessions and counts the rest")
    func truth() {
        let sessions: FleetState.Sessions = [SessionCell(activity: .working, duplicated: false), SessionCell(activity: .needsInput, duplicated: false)]
        let specs: [FleetConfig.SessionSpec] = [.init(host: 0, hidden: true), .init(host: 0)]
        #expect(FleetLogic.truth(sessions: sessions, specs: specs, guards: .all) == CardContent(working: 0, needsInput: 1, rows: [3], more: 0))
    }
}
