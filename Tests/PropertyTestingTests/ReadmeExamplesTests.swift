import PropertyTesting
import Testing
import Foundation
@testable import PropertyEngine

/// Docs/property-testing.md's Swift examples, each compiled as written in a test of its own
/// (the file's `import`s stand for the blocks'); `everyBlockIsHere` checks that each block of
/// the page appears here verbatim, so a changed example must still compile.
@Suite struct ReadmeExamplesTests {
    /// The page's first example fails by design (it shows the report), so it is compiled, not run.
    @Suite(.disabled("the page's failing example: compiled, not run; ShrinkerTests checks its shrink")) struct FailingExample {
        @Test("no list holds three numbers summing past 100")
        func sums() {
            forAll("no three numbers sum past 100", .array(of: .int(in: 0...100), count: 0...10),
                   cover: ["three or more"]) { list, check in
                check.label("three or more", when: list.count >= 3)
                try check.expect(list.count < 3 || list.sorted().suffix(3).reduce(0, +) <= 100, "top three sum past 100")
            }
        }
    }

    @Test("Docs/property-testing.md: assume")
    func assumeExample() {
        forAll("division undoes multiplication", .zip(.int(in: -99...99), .int(in: -99...99))) { pair, check in
            try check.assume(pair.1 != 0)
            try check.expect(pair.0 * pair.1 / pair.1 == pair.0)
        }
    }

    @Test("Docs/property-testing.md: a recursive expression generator")
    func recursiveExample() {
        indirect enum Expr { case int(Int), add(Expr, Expr), div(Expr, Expr) }
        let exprs = Gen<Expr>.recursive(maxDepth: 5, leaf: Gen.int(in: -9...9).map { .int($0) }) { child in
            .oneOf([Gen.zip(child, child).map { .add($0, $1) }, Gen.zip(child, child).map { .div($0, $1) }])
        }
        #expect(sample(exprs, count: 50).count == 50)
    }

    @Test("Docs/property-testing.md: Gen.deferred with a local function compiles in Swift 6 and draws")
    func deferredExample() {
        indirect enum Calc { case int(Int), plus(Calc, Calc) }
        func calc() -> Gen<Calc> {
            .oneOf([Gen.int(in: -9...9).map { .int($0) }, Gen.zip(.deferred { calc() }, .deferred { calc() }).map { .plus($0, $1) }])
        }
        var profile = Profile.pr
        profile.logsCaseSeeds = false
        #expect(checkProperty("calc draws", calc(), profile: profile) { _ in true }.outcome == .passed)
    }

    @Test("Docs/property-testing.md: fixed-width integers (the first property fails, as the page says)")
    func fixedWidthExample() {
        withKnownIssue {
            forAll("16-bit sums do not wrap", .zip(Gen<Int16>.int16, Gen<Int16>.int16)) { pair in
                !pair.0.addingReportingOverflow(pair.1).overflow    // fails; shrinks to (1, 32767)
            }
            forAll("a byte round-trips", .integer(in: UInt8.min...UInt8.max)) { byte in UInt8(String(byte)) == byte }
        }
        var profile = Profile.pr
        profile.logsCaseSeeds = false
        let wraps = checkProperty("16-bit sums do not wrap", .zip(Gen<Int16>.int16, Gen<Int16>.int16), profile: profile) { pair in
            !pair.0.addingReportingOverflow(pair.1).overflow
        }
        #expect(wraps.counterexample.map { [$0.0, $0.1] } == [1, 32767])
    }

    /// The page's stateful example, with a correct counter.
    @Suite struct StatefulExample {
        struct Counter {
            var value = 0
            mutating func apply(_ command: CounterMachine.Command) {
                switch command {
                case .increment: value += 1
                case .decrement: value -= 1
                case .reset: value = 0
                }
            }
        }

        struct CounterMachine: StateMachine {
            enum Command: String, Codable { case increment, decrement, reset }
            var initialState: Int { 0 }
            func makeSystem() -> Counter { Counter() }
            func command(in state: Int) -> Gen<Command> { .element(of: [.increment, .decrement, .reset]) }
            func precondition(_ command: Command, in state: Int) -> Bool { command != .decrement || state > 0 }
            func next(_ state: Int, after command: Command) -> Int {
                switch command { case .increment: state + 1; case .decrement: state - 1; case .reset: 0 }
            }
            func run(_ command: Command, on counter: inout Counter, from state: Int, to next: Int, check: Check) throws {
                counter.apply(command)
                try check.expect(counter.value == next, "counter reads \(counter.value), model \(next)")
            }
        }

        @Test func counterFollowsModel() { forAllSteps("the counter follows its model", CounterMachine()) }
    }

    @Test("Docs/property-testing.md: a corpus (no Sums corpus file: the property fails, as its bug is real)")
    func corpusExample() {
        withKnownIssue {
            let lists = Gen.array(of: .int(in: 0...100), count: 0...10)
            forAll("no three numbers sum past 100", lists, corpus: .tests(suite: "Sums")) { list, check in
                try check.expect(list.sorted().suffix(3).reduce(0, +) <= 100, "top three sum past 100")
            }
        }
    }

    /// The ```swift blocks of the page, each as its lines with the indentation taken off.
    static func docBlocks(filePath: String = #filePath) throws -> [[String]] {
        var root = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) {
            root.deleteLastPathComponent()
        }
        let page = try String(contentsOf: root.appendingPathComponent("Docs/property-testing.md"), encoding: .utf8)
        var blocks: [[String]] = [], current: [String]?
        for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil, trimmed == "```swift" { current = [] } else if current != nil, trimmed == "```" {
                blocks.append(current ?? [])
                current = nil
            } else if current != nil {
                current?.append(trimmed)
            }
        }
        return blocks
    }

    @Test("every Swift block of Docs/property-testing.md is compiled here verbatim (its imports are this file's)")
    func everyBlockIsHere() throws {
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        let lines = source.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let blocks = try Self.docBlocks()
        #expect(blocks.count == 7)
        for block in blocks {
            let imports = block.filter { $0.hasPrefix("import ") }, code = block.filter { !$0.hasPrefix("import ") && !$0.isEmpty }
            for line in imports { #expect(lines.contains(line), "\(line)") }
            let found = lines.indices.contains { start in
                start + code.count <= lines.count && Array(lines[start..<start + code.count]) == code
            }
            #expect(found, "not compiled here: \(code.joined(separator: "\n"))")
        }
    }
}
