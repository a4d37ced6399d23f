import Explorer
import Foundation
import Testing
@testable import CheckinModel
@testable import Widgets

/// Every committed check-in story, read back against its replayed trace: the header's guards
/// and property, each step's action, the queue it shows before and after, the completions the
/// server records, the check-ins lost, the token cached, and the diagram's arrows.
@Suite struct CheckinStoryClaimsTests {
    static func list(_ l: [PendingCheckin]) -> String { "[" + l.map(\.description).joined(separator: ", ") + "]" }

    /// Who acted on whom in step `a` (equal: a note), as the diagram should draw it.
    static func arrow(_ a: CheckinAction) -> (String, String) {
        switch a {
        case .tap: ("User", "Widget")
        case .openApp: ("User", "App")
        case .midnight, .longGap, .kill: ("World", "World")
        case .revokeToken: ("World", "Server")
        case .failPost(let p), .answerLate(let p), .post(let p): (p == 0 ? "TapTime" : "Scheduler", "Server")
        case .startDelivery(let p): (p == 0 ? "TapTime" : "Scheduler", "Widget")
        case .finishTap: ("Widget", "Widget")
        case .replay: ("App", "Server")
        case .drain, .clearDrained: ("App", "Widget")
        case .mint, .hydrate, .enqueue, .flush, .persist, .refresh: ("App", "App")
        }
    }

    /// The story's claims the trace does not support.
    static func unsupported(_ md: String, model: CheckinSystem, trace: Trace<CheckinSystem>) -> [String] {
        var out: [String] = []
        var states = model.initialStates()
        for step in trace.steps {
            guard let last = states.last, model.actions(in: last).contains(step), let next = model.next(last, step) else {
                return ["the trace does not replay"]
            }
            states.append(next)
        }
        let lines = md.components(separatedBy: "\n")
        let property = trace.property ?? ""
        let off = model.config.guardsOff
        let guards = "Guards off: \(off.isEmpty ? "none (the documented design)" : off.joined(separator: ", ") + " (every other guard on)")."
        if !lines.contains(where: { $0.hasPrefix(guards) }) { out.append("header does not say \(guards)") }
        // A guard-off story's configuration line says no "every guard on" (issue 47).
        let configLine = lines.first { $0.hasPrefix("Model `checkin`, configuration: ") } ?? ""
        if !off.isEmpty && configLine.replacingOccurrences(of: "every other guard on", with: "").contains("every guard on") {
            out.append("the configuration line says every guard on; \(off.joined(separator: ", ")) is off")
        }
        // The flush variant as it ran: before hydration the flush runs (and its guard writes nothing).
        let flush = model.config.variants.flushWaitsForHydration ? "The flush waits for hydration." : "The flush may run before hydration"
        if !lines.contains(where: { $0.hasPrefix("Guards off: ") && $0.contains(flush) }) { out.append("header does not say \(flush)") }
        if !lines.contains(where: { $0.hasSuffix("Property broken: **\(property)**.") }) { out.append("header does not name \(property)") }
        let told = lines.filter { $0.first?.isNumber == true && $0.contains(". **") }
        if told.count != trace.steps.count { out.append("\(told.count) steps told of \(trace.steps.count)") }
        for (k, line) in told.enumerated() where k < trace.steps.count {
            let a = states[k], b = states[k + 1], n = k + 1
            if !line.hasPrefix("\(n). **") || !line.contains("** — \(trace.steps[k].description).") {
                out.append("step \(n) is not told as \(trace.steps[k].description)")
            }
            let queue = "pending queue \(list(a.queue.entries)) → \(list(b.queue.entries))"
            if line.contains("pending queue ") != (a.queue != b.queue) || (a.queue != b.queue && !line.contains(queue)) {
                out.append("step \(n): the queue went \(a.queue == b.queue ? "unchanged" : queue)")
            }
            let recorded = b.completions.filter { !a.completions.contains($0) }
                .map { "server records g\($0.goal + 1) for \(model.dayKeys[$0.creditedDay])" }
            let saidRecorded = line.components(separatedBy: "server records ").count - 1
            if saidRecorded != recorded.count || !recorded.allSatisfy(line.contains) { out.append("step \(n): the server recorded \(recorded)") }
            let lost = b.lost.filter { !a.lost.contains($0) }.map { "**\($0.entry) now exists nowhere**" }
            let saidLost = line.components(separatedBy: " now exists nowhere**").count - 1
            if saidLost != lost.count || !lost.allSatisfy(line.contains) { out.append("step \(n): lost \(lost)") }
            if a.token != b.token {
                let said = b.token == 0 ? "check-in token wiped" : "token #\(b.token) cached"
                if !line.contains(said) { out.append("step \(n): \(said), which the step does not say") }
            } else if line.contains(" cached") || line.contains("token wiped") {
                out.append("step \(n): says the token changed; it did not")
            }
        }
        // The diagram: one message per step, drawn between the actors of its action.
        var drawn = 0
        for line in lines {
            let body = line.trimmingCharacters(in: .whitespaces)
            var from = "", to = "", rest = ""
            if body.hasPrefix("Note over "), let colon = body.firstIndex(of: ":") {
                from = String(body[body.index(body.startIndex, offsetBy: 10)..<colon])
                to = from
                rest = String(body[body.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
            } else if let arrow = body.range(of: "->>"), let colon = body.firstIndex(of: ":") {
                from = String(body[..<arrow.lowerBound])
                to = String(body[arrow.upperBound..<colon])
                rest = String(body[body.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
            } else {
                continue
            }
            guard let n = Int(rest.prefix { $0.isNumber }), trace.steps.indices.contains(n - 1) else { continue }
            drawn += 1
            let expected = arrow(trace.steps[n - 1])
            if (from, to) != expected { out.append("diagram: step \(n) drawn \(from) → \(to); it is \(expected.0) → \(expected.1)") }
        }
        if drawn != trace.steps.count { out.append("diagram: \(drawn) of \(trace.steps.count) steps drawn") }
        return out
    }

    @Test("every claim of every committed check-in story is true of its replayed trace", arguments: CheckinCounterexamplesTests.files)
    func committedStoriesHold(_ path: String) throws {
        let (model, trace) = try CheckinCounterexamplesTests.load(path)
        let md = String(decoding: FileManager.default.contents(atPath: path.replacingOccurrences(of: ".json", with: ".md")) ?? Data(), as: UTF8.self)
        var wrong = Self.unsupported(md, model: model, trace: trace)
        // A guard run in a world changed for it says so, with the reason the configuration gives.
        let configuration = try #require(try JSONValue(parsing: try #require(FileManager.default.contents(atPath: Repository.root + "/Models/checkin.json"))))
        let overrides = try CheckinSystem(configuration: configuration).config.mutantOverrides
        for g in model.config.guardsOff {
            if let reason = overrides[g]?.reason, path.contains("/checkin/"), !md.contains(reason) {
                wrong.append("\(g) ran with its override (\(reason)); the header does not say so")
            }
        }
        #expect(wrong.isEmpty, Comment(rawValue: "\(path):\n" + wrong.joined(separator: "\n")))
    }

    @Test("a lost check-in that was not lost, a wrong queue and a wrong arrow each fail the check")
    func plantedLiesFail() throws {
        let path = Repository.root + "/Counterexamples/checkin/lost-checkin.kill-mid-drain.json"
        let (model, trace) = try CheckinCounterexamplesTests.load(path)
        let md = String(decoding: FileManager.default.contents(atPath: path.replacingOccurrences(of: ".json", with: ".md")) ?? Data(), as: UTF8.self)
        #expect(Self.unsupported(md, model: model, trace: trace).isEmpty)
        let lies = [
            ("the app starts with a cold store.", "the app starts with a cold store; **g1@2026-03-07 now exists nowhere** (x)."),
            ("pending queue [] → [g1@2026-03-07]", "pending queue [] → [g2@2026-03-07]"),
            ("User->>Widget: 1.", "User->>App: 1."),
        ]
        for (truth, lie) in lies {
            #expect(md.contains(truth), "the story no longer says \(truth)")
            #expect(!Self.unsupported(md.replacingOccurrences(of: truth, with: lie), model: model, trace: trace).isEmpty, "the lie \"\(lie)\" passed")
        }
    }
}
