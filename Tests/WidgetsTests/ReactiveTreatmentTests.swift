import Foundation
import Testing
@testable import Widgets

@Suite struct ReactiveTreatmentTests {
    let at = Fixtures.utc(2026, 3, 10, 9)

    @Test("the layer applies to default and all-done only; new day forces not-yet")
    func composition() {
        let s = Fixtures.snapshot(syncedAt: at, habits: [Fixtures.habit("a")], extendedToday: true, metaphor: "sprout")
        for state in WidgetState.allCases {
            let t = ReactiveTreatment.resolve(state: state, snapshot: s)
            switch state {
            case .firstRun, .stale, .empty: #expect(t == nil)
            case .newDay: #expect(t?.state == .notYet)
            case .allDone, .defaultProgress: #expect(t?.state == .extended)
            }
        }
        #expect(ReactiveTreatment.resolve(state: .defaultProgress, snapshot: nil) == nil)
    }

    @Test("extendedToday absent renders the classic flame with no caption, whatever the motif")
    func failClosed() {
        for motif in StreakMotif.allCases {
            let s = Fixtures.snapshot(syncedAt: at, habits: [Fixtures.habit("a")], metaphor: motif.rawValue)
            let t = ReactiveTreatment.resolve(state: .defaultProgress, snapshot: s)
            #expect(t?.state == .baseline)
            #expect(t?.glyph == .classicFlame)
            for platform in Platform.allCases { #expect(t?.caption(on: platform) == nil) }
        }
    }

    @Test("extended lights the motif glyph; not-yet mutes it")
    func glyphs() {
        #expect(ReactiveTreatment(state: .extended, motif: .waves).glyph == .lit(.waves))
        #expect(ReactiveTreatment(state: .notYet, motif: .mountain).glyph == .muted(.mountain))
        #expect(ReactiveTreatment(state: .extended, motif: .stones).caption(on: .android) == "Stone laid")
        #expect(ReactiveTreatment(state: .notYet, motif: .stones).caption(on: .iOS) == "Add today's stone")
    }
}
