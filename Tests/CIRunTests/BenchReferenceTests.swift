import Foundation
import Testing
@testable import CIRun

@Suite struct BenchReferenceTests {
    static let models = ["two-phase-commit-7", "two-phase-commit-8", "flag-mutex-9", "fleet"]
    static let sample = BenchReference(
        build: "563489b (30 November 2026)", measured: "2026-12-02, cardcheck bench --repeat 3 --baseline",
        rows: [
            .init(model: "two-phase-commit-7", states: 296_448, statesPerSecond: 3_090_551),
            .init(model: "fleet", states: 398_089, statesPerSecond: 700_600),
        ])

    @Test("a recorded reference reads back exactly")
    func roundTrip() throws {
        let read = try BenchReference.parse(Data(Self.sample.text.utf8), path: "ref.json", models: Self.models)
        #expect(read == Self.sample)
        #expect(read.row("fleet")?.statesPerSecond == 700_600 && read.row("flag-mutex-9") == nil)
    }

    @Test("the committed reference loads, and names rows of the bench")
    func committed() throws {
        let reference = try BenchReference.load(path: BenchReference.defaultPath, models: Self.models)
        #expect(!reference.rows.isEmpty)
        #expect(reference.row("two-phase-commit-8")?.states == 1_745_408)
    }

    @Test("an edited figure, a bad key, a figure out of range or a model twice is refused with one line naming the place")
    func refused() {
        let text = Self.sample.text
        let cases: [(String, String)] = [
            (text.replacingOccurrences(of: "3090551", with: "3190551"), "ref.json: \"checksum\" is \(Self.sample.checksum), but the figures give "),
            (text.replacingOccurrences(of: "\"measured\"", with: "\"measure\""), "ref.json: unknown key \"measure\""),
            (text.replacingOccurrences(of: "\"version\": 1", with: "\"version\": 2"), "ref.json: \"version\" must be 1"),
            (text.replacingOccurrences(of: "cardcheck-bench-reference", with: "cardcheck-bench"), "ref.json: \"format\" must be \"cardcheck-bench-reference\""),
            (text.replacingOccurrences(of: "\"states\": 398089", with: "\"states\": 0"), "ref.json: \"rows[1].states\" must be an integer from 1 to 4294967295"),
            (text.replacingOccurrences(of: "700600", with: "7006.5"), "ref.json: "),
            (text.replacingOccurrences(of: "700600", with: "-1"), "ref.json: \"rows[1].statesPerSecond\" must be an integer from 1 to 1000000000"),
            (text.replacingOccurrences(of: "\"fleet\"", with: "\"two-phase-commit-7\""), "ref.json: rows[1]: two-phase-commit-7 is listed twice"),
            (text.replacingOccurrences(of: "\"fleet\"", with: "\"fleet-9\""), "ref.json: \"rows[1].model\" must be one of two-phase-commit-7, two-phase-commit-8, flag-mutex-9, fleet, got \"fleet-9\""),
            (text.replacingOccurrences(of: ", \"states\": 398089", with: ""), "ref.json: missing key \"rows[1].states\""),
            (String(text.prefix(40)), "ref.json: not valid JSON: "),
        ]
        for (bad, message) in cases {
            #expect {
                try BenchReference.parse(Data(bad.utf8), path: "ref.json", models: Self.models)
            } throws: { error in
                let description = (error as? CIError)?.description ?? ""
                return description.hasPrefix(message) && !description.contains("\n")
            }
        }
    }
}
