import CIRun
import Explorer
import Foundation
import PropertyTesting
import Testing
@testable import CardcheckCLI

/// Valid configurations and traces, mutated at random (seeded): every run either ends with
/// exit 2 and one line, or is a valid run (0, 1 or 3) with nothing on stderr. Never a trap,
/// never a hang: every search is capped by --max-states.
@Suite("MutatedInputProperty")
struct MutatedInputPropertyTests {
    /// The documents mutated: small models and the one-phone fleet model.
    static let configs = ["Models/die-hard.json", "Models/flag-mutex.json", "Models/two-phase-commit.json", "Models/fleet-card-one-phone.json"]

    enum Mutation: Int, CaseIterable {
        case truncate, deleteKey, renameKey, changeType, duplicateKey, trailingComma, hugeInteger,
            outOfRange, shuffleSteps, duplicateStep, actorIndex
    }

    /// Every (path, value) of a document, in a fixed order.
    static func nodes(_ value: JSONValue, _ path: [JSONPathPart] = []) -> [[JSONPathPart]] {
        var out = [path]
        switch value {
        case .array(let a): for (i, e) in a.enumerated() { out += nodes(e, path + [.index(i)]) }
        case .object(let o): for k in o.keys.sorted() { out += nodes(o[k] ?? .null, path + [.key(k)]) }
        default: break
        }
        return out
    }

    enum JSONPathPart: Equatable { case key(String), index(Int) }

    /// `value` with the node at `path` replaced by `f` of it (nil removes it).
    static func update(_ value: JSONValue, _ path: ArraySlice<JSONPathPart>, _ f: (JSONValue) -> JSONValue?) -> JSONValue? {
        guard let first = path.first else { return f(value) }
        switch (value, first) {
        case (.object(var o), .key(let k)):
            if let child = o[k] { o[k] = update(child, path.dropFirst(), f) }
            return .object(o)
        case (.array(var a), .index(let i)) where a.indices.contains(i):
            if let child = update(a[i], path.dropFirst(), f) { a[i] = child } else { a.remove(at: i) }
            return .array(a)
        default:
            return value
        }
    }

    static func text(_ value: JSONValue) -> String { String(decoding: (try? value.data()) ?? Data(), as: UTF8.self) }

    /// Applies `mutation` to the document `json`, choosing by `a` and `b`.
    static func mutate(_ json: JSONValue, _ mutation: Mutation, _ a: Int, _ b: Int) -> String {
        let all = nodes(json)
        let path = all[a % all.count]
        let parentIsObject: Bool = { if case .key = path.last { true } else { false } }()
        switch mutation {
        case .truncate:
            let t = text(json)
            return String(t.prefix(a % max(1, t.count)))
        case .deleteKey:
            return text(update(json, path[...], { _ in nil }) ?? json)
        case .renameKey:
            guard parentIsObject, case .key(let k)? = path.last else { return text(json) }
            var value: JSONValue = .null
            _ = update(json, path[...]) { value = $0; return $0 }
            let parent = Array(path.dropLast())
            let renamed = update(json, parent[...]) { node in
                guard case .object(var o) = node else { return node }
                o[k] = nil
                o[k + "x"] = value
                return .object(o)
            }
            return text(renamed ?? json)
        case .changeType:
            let replacements: [JSONValue] = [.string("7"), .int(7), .bool(true), .null, .array([]), .object([:]), .double(2.5)]
            return text(update(json, path[...]) { _ in replacements[b % replacements.count] } ?? json)
        case .duplicateKey:
            let t = text(json)
            guard t.hasPrefix("{\""), let colon = t.firstIndex(of: ":") else { return t }
            return "{" + t[t.index(after: t.startIndex)..<colon] + ":1," + t.dropFirst()
        case .trailingComma:
            let t = text(json)
            guard let close = t.lastIndex(of: "}") else { return t }
            return t[..<close] + ",}"
        case .hugeInteger:
            let t = text(update(json, path[...]) { _ in .string("HUGE") } ?? json)
            return t.replacingOccurrences(of: "\"HUGE\"", with: "123456789012345678901234567890")
        case .outOfRange:
            let values = [-1, 0, 13, 201, 1_000_000, Int.max, Int.min]
            return text(update(json, path[...]) { v in if case .int = v { .int(values[b % values.count]) } else { v } } ?? json)
        case .shuffleSteps, .duplicateStep:
            return text(update(json, [.key("steps")]) { v in
                guard case .array(var steps) = v, !steps.isEmpty else { return v }
                if mutation == .duplicateStep {
                    steps.insert(steps[a % steps.count], at: b % steps.count)
                } else {
                    steps.swapAt(a % steps.count, b % steps.count)
                }
                return .array(steps)
            } ?? json)
        case .actorIndex:
            return text(update(json, path[...]) { v in if case .int = v { .int(b % 2 == 0 ? -1 - b : 99 + b) } else { v } } ?? json)
        }
    }

    static func judge(_ args: [String], _ check: Check) throws {
        let c = CapturedConsole()
        let code = CardcheckCommand.run(args, console: c.console)
        if code == 2 {
            try check.expect(c.err.count == 1 && c.err[0].hasPrefix("cardcheck: "), "exit 2 with \(c.err.count) lines: \(c.err.prefix(2))")
            try check.expect(c.err[0].count < 400, "an error line of \(c.err[0].count) characters")
        } else {
            try check.expect([0, 1, 3].contains(code), "exit \(code)")
            try check.expect(c.err.allSatisfy { $0.hasPrefix("  ") }, "stderr on a valid run: \(c.err.prefix(2))")
        }
        check.label(code == 2 ? "refused" : "ran")
    }

    @Test("a mutated configuration is refused in one line (exit 2) or runs; never a trap or a hang")
    func configurations() throws {
        let documents = try Self.configs.map { try JSONValue(parsing: Data(contentsOf: URL(fileURLWithPath: $0))) }
        let gen = Gen<(Int, Int, Int, Int)>.zip(
            .int(in: 0...(documents.count - 1)), .int(in: 0...(Mutation.allCases.count - 1)), .int(in: 0...10_000), .int(in: 0...10_000))
        forAll("mutated configurations: one line or a run", gen, cover: ["refused", "ran"]) { input, check in
            let (d, m, a, b) = input
            let scratch = Scratch()
            let path = scratch.file("c.json", Self.mutate(documents[d], Mutation(rawValue: m) ?? .truncate, a, b))
            try Self.judge(["check", path, "--max-states", "300", "--threads", "1"], check)
        }
    }

    @Test("a mutated trace is refused in one line (exit 2) or replays (0 or 1); never a trap or a hang")
    func traces() throws {
        let scratch = Scratch()
        let c = CapturedConsole()
        _ = c.run("check", "Models/die-hard.json", "--save", scratch.path + "/dh")
        _ = c.run("check", "Models/flag-mutex.json", "--save", scratch.path + "/fm")
        var paths = [scratch.path + "/dh/big-is-not-the-target.json"]
        paths += (try FileManager.default.contentsOfDirectory(atPath: scratch.path + "/fm")).sorted().map { scratch.path + "/fm/" + $0 }
        paths.append("Tests/Corpus/CardcheckCLI/trace-phone-99.json")
        let documents = try paths.map { try JSONValue(parsing: Data(contentsOf: URL(fileURLWithPath: $0))) }
        let gen = Gen<(Int, Int, Int, Int)>.zip(
            .int(in: 0...(documents.count - 1)), .int(in: 0...(Mutation.allCases.count - 1)), .int(in: 0...10_000), .int(in: 0...10_000))
        forAll("mutated traces: one line or a replay", gen, cover: ["refused", "ran"]) { input, check in
            let (d, m, a, b) = input
            let scratch = Scratch()
            let path = scratch.file("t.json", Self.mutate(documents[d], Mutation(rawValue: m) ?? .truncate, a, b))
            try Self.judge(["replay", path], check)
        }
    }

    @Test("a mutated shard report is refused in one line (exit 2) or merges (0 or 1); never a trap or an allocation without bound")
    func shardReports() throws {
        let scratch = Scratch()
        let profiles = scratch.file("ci.json", """
            { "format": "cardcheck-ci-profiles", "version": 1, "pr": { "check": [], "mutants": [], "simulate": [] },
              "nightly": { "check": [ {"configuration": "two-phase-commit", "parts": 2, "splitLevel": 3},
                                      {"configuration": "die-hard"} ], "mutants": [], "simulate": [], "shards": 2 } }
            """)
        var paths: [String] = []
        for shard in 1...2 {
            let out = scratch.path + "/shard-\(shard)"
            _ = CapturedConsole().run("nightly", "--profiles", profiles, "--shard", "\(shard)/2", "--out", out, "--threads", "1", "--seed", "1")
            paths.append(out + "/report.json")
        }
        let documents = try paths.map { try JSONValue(parsing: Data(contentsOf: URL(fileURLWithPath: $0))) }
        let gen = Gen<(Int, Int, Int, Int)>.zip(
            .int(in: 0...(documents.count - 1)), .int(in: 0...(Mutation.allCases.count - 1)), .int(in: 0...10_000), .int(in: 0...10_000))
        forAll("mutated shard reports: one line or a merge", gen, cover: ["refused", "ran"]) { input, check in
            let (d, m, a, b) = input
            let scratch = Scratch()
            var text = Self.mutate(documents[d], Mutation(rawValue: m) ?? .truncate, a, b)
            // Half the edits signed again (the checksum recomputed, as a hostile CI could): what
            // the checksum does not catch, the strict reader must.
            if a % 2 == 0, let report = try? JSONDecoder().decode(CIReport.self, from: Data(text.utf8)) {
                text = String(decoding: report.encoded(), as: UTF8.self)
            }
            let path = scratch.file("r.json", text)
            try Self.judge(["merge", path, paths[1 - d], "--out", scratch.path + "/merged"], check)
        }
    }
}
