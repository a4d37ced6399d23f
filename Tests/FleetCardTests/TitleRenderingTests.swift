@testable import FleetCard
import PropertyTesting
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

    @Test("the server collapses every whitespace run to one space before it measures (issue 50, item 6)")
    func collapsesWhitespaceRuns() {
        #expect(FleetRow.serverTitle("Fix\t\t the \n\u{3000} loop", sid: "s1") == "Fix the loop")
        // 86 units as typed, 77 once the run is one space: whole, not cut.
        let spaced = "a" + String(repeating: " ", count: 10) + x(75)
        #expect(FleetRow.serverTitle(spaced, sid: "s1") == "a " + x(75))
        // A lone tab or line break between words is a run too: it becomes a space.
        #expect(FleetRow.serverTitle("a\u{2028}b\u{FEFF}c", sid: "s1") == "a b c")
        // U+0085 is not JavaScript whitespace: it stays, and splits no run.
        #expect(FleetRow.serverTitle("a \u{0085} b", sid: "s1") == "a \u{0085} b")
        #expect(FleetRow.appTitle("Fix\t\t it", sid: "s1") == "Fix\t\t it")
    }

    @Test("the server trims the end of the cut before the ellipsis (issue 50, item 6)")
    func trimsTheCutsEnd() {
        // The 79th unit is the space between the words: the cut ends in it, and it goes.
        let title = x(78) + " " + x(10)
        #expect(FleetRow.serverTitle(title, sid: "s1") == x(78) + "…")
        // The run is collapsed before the cut: the 79th unit is then the next word's first.
        #expect(FleetRow.serverTitle(x(77) + "  " + x(10), sid: "s1") == x(77) + " x…")
        #expect(FleetRow.serverTitle(x(79) + " " + x(10), sid: "s1") == x(79) + "…")
    }

    @Test("a blank title renders as \"\" on the server: the fallback looks at the raw title (issue 50, item 6)")
    func blankTitleIsEmptyOnTheServer() {
        #expect(FleetRow.serverTitle(" \u{2028} ", sid: "0123456789ab") == "")
        #expect(FleetRow.serverTitle(" ", sid: "") == "")
        // Only an empty title falls back to the sid's first 8 units, then Session.
        #expect(FleetRow.serverTitle("", sid: "0123456789ab") == "01234567")
        #expect(FleetRow.serverTitle("", sid: "") == "Session")
        let blank = FleetSession(sid: "abcdefghijkl", title: " \t ", busy: true)
        #expect(reduceFleetLiveActivity([blank], FleetBox(), now: 0).content.rows.map(\.title) == [""])
        #expect(FleetActivitySnapshot.make(from: [blank], carrying: SinceMap(), now: 0).content.rows.map(\.title) == [" \t "])
    }

    /// The clip restated another way: the title split into words at JavaScript whitespace and
    /// joined by one space; past 80 units, its first 79 without a trailing space, and "…".
    static func referenceClip(_ title: String) -> String {
        let words = title.unicodeScalars.split(whereSeparator: FleetRow.isJSWhitespace).map { String(String.UnicodeScalarView($0)) }
        let clean = words.joined(separator: " ")
        guard clean.utf16.count > 80 else { return clean }
        var cut = Array(clean.utf16.prefix(79))
        if cut.last == 0x20 { cut.removeLast() }
        return String(decoding: cut, as: UTF16.self) + "…"
    }

    @Test("the server's title is the collapsed, trimmed title, cut past 80 units without a trailing space")
    func clipMatchesItsRestatement() {
        let words = ["a", "bb", "é😀", "xxxxxxxxxx", "\u{0085}c", "yyyyy"]
        let runs = ["", " ", "  ", "\t\n", "\u{3000}", "\u{FEFF} "]
        let gen = Gen<String>.compose { draw in
            let lead = try draw(.element(of: runs))
            let parts = try draw(.array(of: Gen.zip(.element(of: words), .element(of: runs)), count: 0...16))
            return lead + parts.map { $0 + $1 }.joined()
        }
        forAll("the server's clip matches its restatement", gen, cover: ["cut", "whitespace run"]) { title, check in
            check.label("cut", when: Self.referenceClip(title).hasSuffix("…"))
            check.label("whitespace run", when: title.contains("  ") || title.contains("\t\n"))
            let server = FleetRow.serverTitle(title, sid: "s1")
            let want = title.isEmpty ? "s1" : Self.referenceClip(title)
            try check.expect(server == want, "\(title.debugDescription): \(server.debugDescription), want \(want.debugDescription)")
            try check.expect(server.utf16.count <= 80, "\(server.utf16.count) units")
        }
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
