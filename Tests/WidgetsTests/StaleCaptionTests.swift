import Foundation
import PropertyTesting
import Testing
@testable import Widgets

@Suite struct StaleCaptionTests {
    @Test("STALE shows 'Today · last synced Xh ago' in whole hours; other states show none")
    func table() {
        let synced = Fixtures.utc(2026, 3, 10, 9)
        let s = Fixtures.snapshot(syncedAt: synced, habits: [Fixtures.habit("a")])
        let at = synced.addingTimeInterval(19 * 3600 + 59 * 60)
        #expect(StaleCaption.text(state: .stale, snapshot: s, asOf: at) == "Today · last synced 19h ago")
        #expect(StaleCaption.text(state: .defaultProgress, snapshot: s, asOf: at) == nil)
        #expect(StaleCaption.text(state: .stale, snapshot: nil, asOf: at) == nil)
    }

    @Test("property: the caption appears exactly on STALE and never says fewer than 18 hours")
    func property() {
        forAll("the stale caption is honest", Gens.render(traveller: true), cover: ["stale"]) { c, check in
            let caption = StaleCaption.text(state: c.state, snapshot: c.rendered, asOf: c.asOf)
            check.label("stale", when: c.state == .stale)
            try check.expect((caption != nil) == (c.state == .stale), "caption \(caption ?? "none") on \(c.state)")
            if let caption {
                let hours = Int(caption.dropFirst("Today · last synced ".count).prefix { $0.isNumber }) ?? -1
                try check.expect(hours >= 18, "'\(caption)' under the 18 h threshold")
            }
        }
    }
}
