import Testing
@testable import Widgets

@Suite struct CaptionTableTests {
    /// spec: Reactive states table, transcribed (motif, Android, iOS).
    static let extended: [(StreakMotif, String, String)] = [
        (.flame, "Locked in", "Locked in today"), (.stones, "Stone laid", "Today's stone laid"),
        (.sprout, "Leaf out", "Today's leaf out"), (.mountain, "Step up", "Today's step up"),
        (.waves, "Wave in", "Today's wave in"),
    ]
    static let notYet: [(StreakMotif, String, String)] = [
        (.flame, "Add today", "Add today"), (.stones, "Add a stone", "Add today's stone"),
        (.sprout, "Add a leaf", "Add today's leaf"), (.mountain, "Add a step", "Add today's step"),
        (.waves, "Add a wave", "Add today's wave"),
    ]

    @Test("every caption cell matches the spec's Reactive states table")
    func table() {
        for (motif, android, iOS) in Self.extended {
            #expect(CaptionTable.extended(motif, on: .android) == android)
            #expect(CaptionTable.extended(motif, on: .iOS) == iOS)
        }
        for (motif, android, iOS) in Self.notYet {
            #expect(CaptionTable.notYet(motif, on: .android) == android)
            #expect(CaptionTable.notYet(motif, on: .iOS) == iOS)
        }
    }

    @Test("not-yet captions lead with the action verb and use no rejected loss-aversion phrase")
    func gainFramed() {
        for motif in StreakMotif.allCases {
            for platform in Platform.allCases {
                let caption = CaptionTable.notYet(motif, on: platform)
                #expect(caption.hasPrefix("Add "))
                #expect(!CaptionTable.rejectedPhrases.contains { caption.contains($0) })
            }
        }
    }

    @Test("Android's shortened captions are the iOS ones minus 'today'")
    func androidIsShorter() {
        for motif in StreakMotif.allCases {
            #expect(CaptionTable.extended(motif, on: .android).count < CaptionTable.extended(motif, on: .iOS).count)
            #expect(CaptionTable.notYet(motif, on: .android).count <= CaptionTable.notYet(motif, on: .iOS).count)
        }
    }

    /// spec: Microcopy shortened alongside the width fix (string, was, now).
    static let shortened: [(StreakMotif, String, String)] = [
        (.flame, "Locked in today", "Locked in"), (.stones, "Today's stone laid", "Stone laid"),
    ]

    @Test("the shortening table's 'was' is the iOS caption and 'now' the Android one")
    func shortening() {
        for (motif, was, now) in Self.shortened {
            #expect(CaptionTable.extended(motif, on: .iOS) == was)
            #expect(CaptionTable.extended(motif, on: .android) == now)
        }
        #expect(CaptionTable.notYet(.stones, on: .iOS) == "Add today's stone")
        #expect(CaptionTable.notYet(.stones, on: .android) == "Add a stone")
        #expect(CaptionTable.notYet(.flame, on: .android) == "Add today")  // unchanged, already short
    }
}
