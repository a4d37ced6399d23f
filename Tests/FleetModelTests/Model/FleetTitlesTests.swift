import FleetCard
import Testing
@testable import FleetModel

/// The title seam in the model (Models/README.md, "Titles"): a stored row keeps which writer's
/// rendering of its session's title it holds, and only where the two differ.
@Suite("FleetTitles")
struct FleetTitlesTests {
    static let long = "  " + String(repeating: "x", count: 90) + " "

    @Test("no titles, or titles both writers render alike: nothing for a row to keep")
    func alikeKeepsNothing() {
        #expect(FleetTitles([.init(host: 0), .init(host: 0)]) == nil)
        #expect(FleetTitles([.init(host: 0, title: "Fix it"), .init(host: 0, title: String(repeating: "y", count: 80))]) == nil)
        #expect(FleetTitles([.init(host: 0, title: " Fix it")]) != nil)
    }

    @Test("a server-written row keeps the server bit and reads back the server's title; an app-written one neither")
    func serverRowRoundTrips() throws {
        let titles = try #require(FleetTitles([.init(host: 0), .init(host: 0, title: Self.long)]))
        let sessions = [FleetSession(sid: "s1", title: "s1", busy: true), FleetSession(sid: "s2", title: Self.long, busy: true)]
        let server = reduceFleetLiveActivity(sessions, FleetBox(), now: 9).content
        let app = FleetActivitySnapshot.make(from: sessions, carrying: SinceMap(), now: 9).content
        let serverCell = FleetLogic.cell(server, titles: titles), appCell = FleetLogic.cell(app, titles: titles)
        #expect(serverCell.hasServerTitles && !appCell.hasServerTitles)
        #expect(serverCell != appCell && serverCell.withAppTitles == appCell)
        // Only s2's row differs by writer: s1's row carries no bit on either.
        let s2 = try #require(serverCell.rows.first { FleetTitles.index($0) == 1 })
        #expect(s2 & FleetTitles.serverBit != 0)
        #expect(serverCell.rows.filter { FleetTitles.index($0) == 0 }.allSatisfy { $0 & FleetTitles.serverBit == 0 })
        let back = FleetLogic.content(serverCell, stamps: SinceMap(), updatedAt: 0, titles: titles)
        #expect(back.rows.map(\.title) == server.rows.map(\.title))
        #expect(FleetLogic.cell(back, titles: titles) == serverCell)
        #expect(!FleetLogic.sameRenderable(serverCell, appCell, guards: .all, titles: titles))
    }

    @Test("sessions with different titles are not swapped by the session symmetry")
    func titlesBreakSymmetry() {
        #expect(!FleetConfig.SessionSpec(host: 0, title: "a").isAlike(FleetConfig.SessionSpec(host: 0, title: "b")))
        #expect(FleetConfig.SessionSpec(host: 0, title: "a").isAlike(FleetConfig.SessionSpec(host: 0, title: "a")))
    }
}
