import ClassicModels
import Foundation
import Testing
@testable import Explorer

@Suite struct TraceTests {
    func dieHardSolution() throws -> Trace<DieHard> {
        try #require(BreadthFirstSearch(DieHard()).run().counterexample("big is not the target"))
    }

    @Test("a trace survives its JSON file byte for byte")
    func roundTrip() throws {
        let trace = try dieHardSolution()
        let data = try trace.jsonData()
        let back = try Trace.load(data, for: DieHard())
        #expect(back.steps == trace.steps)
        #expect(back.states == trace.states)
        #expect(back.property == "big is not the target")
        #expect(back.configuration == trace.configuration)
        #expect(try back.jsonData() == data)
    }

    @Test("the file names the model, its configuration and the format version")
    func header() throws {
        let json = try JSONValue(parsing: try dieHardSolution().jsonData())
        #expect(json["format"] == .int(1))
        #expect(json["model"] == .string("die-hard"))
        #expect(json["configuration"]?["big"] == .int(5))
        #expect(json["steps"].map { if case .array(let a) = $0 { a.count } else { 0 } } == 6)
    }

    @Test("a newer format is refused with one line")
    func newer() throws {
        var json = try JSONValue(parsing: try dieHardSolution().jsonData())
        if case .object(var o) = json { o["format"] = .int(2); json = .object(o) }
        #expect(throws: TraceFileError("trace format 2 is newer than this cardcheck reads (1)")) {
            try Trace.load(try json.data(), for: DieHard())
        }
    }

    @Test("a trace of another model is refused with one line")
    func otherModel() throws {
        let data = try dieHardSolution().jsonData()
        #expect(throws: TraceFileError("trace is of model \"die-hard\", not \"flag-mutex\"")) {
            try Trace.load(data, for: FlagMutex())
        }
    }

    @Test("a truncated file is refused with one line")
    func truncated() throws {
        let data = try dieHardSolution().jsonData()
        #expect(throws: TraceFileError("is not a trace: $.states[2]: truncated (a string is not closed)")) {
            try Trace.load(data.prefix(data.count / 2), for: DieHard())
        }
    }

    @Test("a step that is not an action of the model is refused, naming the step")
    func badStep() throws {
        var json = try JSONValue(parsing: try dieHardSolution().jsonData())
        if case .object(var o) = json, case .array(var steps)? = o["steps"] {
            steps[2] = .string("drinkBig")
            o["steps"] = .array(steps)
            json = .object(o)
        }
        #expect(throws: TraceFileError("$.steps[2]: not a die-hard action")) {
            try Trace.load(try json.data(), for: DieHard())
        }
    }
}
