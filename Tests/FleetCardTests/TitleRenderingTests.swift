import FleetCard
import Testing

/// Each writer's row title as the real app and server write it (issue 27, item 8): the app
/// shows it whole; the server (TypeScript) trims it and cuts a title past 80 UTF-16 code units
/// to its first 79 and "…".
@Suite struct TitleRenderingTests {
    func x(_ n: Int) -> String { String(repeating: "x", count: n) }

    @Test("the server keeps 79 and 80 units whole and cuts 81 to its first 79 and an ellipsis; the app keeps all three")
    func cutAtTheBoundary() {
        #expect(FleetRow.serverTitle(x(79), sid: "s1") == x(79))
        #expect(FleetRow.serverTitle(x(80), sid: "s1") == x(80))
        #expect(FleetRow.serverTitle(x(81), sid: "s1") == x(79) + "…")
        #expect(FleetRow.serverTitle(x(81), sid: "s1").utf16.count == 80)
        for n in [79, 80, 81, 200] { #expect(FleetRow.appTitle(x(n), sid: "s1") == x(n)) }
    }

    @Test("the server trims JavaScript's whitespace before it measures; the app keeps the padding")
    func trimsBeforeMeasuring() {
        let padded = " \t" + x(80) + "\n "
        #expect(FleetRow.serverTitle(padded, sid: "s1") == x(80))
        #expect(FleetRow.appTitle(padded, sid: "s1") == padded)
        // U+FEFF and U+3000 are JavaScript whitespace; U+0085 (NEL) is not.
        #expect(FleetRow.serverTitle("\u{FEFF}\u{3000}Fix it\u{00A0}", sid: "s1") == "Fix it")
        #expect(FleetRow.serverTitle("\u{0085}Fix it", sid: "s1") == "\u{0085}Fix it")
        // Nothing left after the trim: the sid's first 8 units, then Session.
        #expect(FleetRow.serverTitle(" \u{2028} ", sid: "0123456789ab") == "01234567")
        #expect(FleetRow.serverTitle(" ", sid: "") == "Session")
        #expect(FleetRow.appTitle(" ", sid: "0123456789ab") == " ")
    }

    @Test("the server counts UTF-16 code units, not Characters nor bytes")
    func countsUTF16Units() {
        // "é" (U+00E9) is one unit and two UTF-8 bytes: 80 of them stay whole.
        let accents = String(repeating: "é", count: 80)
        #expect(FleetRow.serverTitle(accents, sid: "s1") == accents)
        // "😀" is one Character and two units: 40 fit (80 units), 41 are cut.
        let forty = String(repeating: "😀", count: 40), fortyOne = forty + "😀"
        #expect(FleetRow.serverTitle(forty, sid: "s1") == forty)
        #expect(FleetRow.serverTitle(fortyOne, sid: "s1") != fortyOne)
        #expect(fortyOne.count == 41)  // 41 Characters: a Character count would keep it whole
        // The cut at 79 units falls between the halves of the 40th emoji: 39 whole, a lone
        // high surrogate (held as U+FFFD), the ellipsis.
        #expect(FleetRow.serverTitle(fortyOne, sid: "s1") == String(repeating: "😀", count: 39) + "\u{FFFD}…")
        // A flag is one Character of four units: 20 flags are 80 units and stay, 21 are cut inside one.
        let flags = String(repeating: "🇫🇷", count: 20)
        #expect(FleetRow.serverTitle(flags, sid: "s1") == flags)
        #expect(FleetRow.serverTitle(flags + "🇫🇷", sid: "s1").hasSuffix("…"))
        #expect(FleetRow.appTitle(fortyOne, sid: "s1") == fortyOne)
    }

    @Test("the two writers write a long or padded title differently, and a short clean one alike")
    func renderingsDiffer() {
        for title in [x(81), "  Fix it", "Fix it\n"] {
            #expect(FleetRow.displayTitle(title, sid: "s1", writer: .server) != FleetRow.displayTitle(title, sid: "s1", writer: .app))
        }
        for title in [x(80), "Fix it", ""] {
            #expect(FleetRow.displayTitle(title, sid: "s1", writer: .server) == FleetRow.displayTitle(title, sid: "s1", writer: .app))
        }
    }
}
