import Explorer

/// Bad input to a command: one line saying what is wrong and where; the command exits 2.
struct CommandError: Error, Equatable, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }

    static func unknownSubcommand(_ name: String) -> Self {
        Self("unknown subcommand '\(StrictJSON.shortened(name))' (try: cardcheck --help)")
    }
    static func noSubcommand(_ names: [String]) -> Self {
        Self("no subcommand (one of: \(names.joined(separator: ", ")); cardcheck --help for details)")
    }
    static func onlyWith(_ flag: String, _ required: String) -> Self { Self("\(flag) is only used with \(required)") }
    static func notWith(_ flag: String, _ other: String) -> Self { Self("\(flag) is not used with \(other)") }
    static func unknownFlag(_ flag: String, command: String) -> Self {
        Self("unknown flag '\(StrictJSON.shortened(flag))' for cardcheck \(command) (try: cardcheck \(command) --help)")
    }
    static func distributedCheckOnly(_ name: String) -> Self {
        Self("cardcheck-mpi runs only 'check', not '\(name)' (run it with cardcheck)")
    }
    static let distributedCount = Self("--count is not available in a distributed check (run it with cardcheck)")
    static func missingValue(_ flag: String) -> Self { Self("\(flag) needs a value") }
    static func notPositive(_ flag: String, _ value: String) -> Self {
        Self("\(flag) must be a positive integer, got '\(value)'")
    }
    static func notNonNegative(_ flag: String, _ value: String) -> Self {
        Self("\(flag) must be a non-negative integer, got '\(value)'")
    }
    static func notSeed(_ value: String) -> Self {
        Self("--seed must be an integer from 0 to 18446744073709551615 (decimal, or hexadecimal as 0x…), got '\(StrictJSON.shortened(value))'")
    }
    static func arguments(command: String, expected: String) -> Self {
        Self("cardcheck \(command) takes \(expected) (try: cardcheck \(command) --help)")
    }
    static func unknownChallenge(_ name: String, known: [String]) -> Self {
        Self("--only: unknown challenge '\(StrictJSON.shortened(name))' (one of: \(known.joined(separator: ", ")))")
    }
    static func notInRange(_ flag: String, _ value: String, _ range: ClosedRange<Int>) -> Self {
        let bound = range.upperBound >= Int.max / 2 ? "\(range.lowerBound) or more" : "from \(range.lowerBound) to \(range.upperBound)"
        return Self("\(flag) must be an integer \(bound), got '\(StrictJSON.shortened(value))'")
    }
    static func switchWithValue(_ flag: String) -> Self { Self("\(flag) takes no value") }
    static func repeatedOption(_ flag: String) -> Self { Self("\(flag) given twice") }
    static func unknownGuard(_ name: String, known: [String]) -> Self {
        Self("unknown guard '\(StrictJSON.shortened(name))' (one of: \(known.joined(separator: ", ")))")
    }
    static func unknownProperty(_ name: String, known: [String]) -> Self {
        Self("unknown property '\(StrictJSON.shortened(name))' (one of: \(known.joined(separator: ", ")))")
    }
    static func emptyGuardList(_ text: String) -> Self { emptyNameList("--only", "guard", text) }
    static func emptyNameList(_ flag: String, _ kind: String, _ text: String) -> Self {
        Self("\(flag) needs \(kind) names separated by commas, got '\(StrictJSON.shortened(text))'")
    }
    static func noServerLog(_ path: String, _ model: String) -> Self {
        Self("\(path): model \"\(model)\" writes no server log to diagnose")
    }
    static func noMutants(_ path: String, _ model: String) -> Self {
        Self("\(path): model \"\(model)\" has no guard mutants")
    }
    static func worldOfOtherModel(_ path: String, _ model: String, first: String, _ firstModel: String) -> Self {
        Self("\(path): a \(model) configuration, but \(first) is \(firstModel): the worlds of one guard table must be one model")
    }
    static func worldTwice(_ path: String) -> Self { Self("\(path): a world of that name is already in the table") }
    static func missingFile(_ path: String) -> Self {
        Self(path.isEmpty ? "an empty file name ('')" : "\(path): no such file")
    }
    static func symlinkLoop(_ path: String) -> Self { Self("\(path): too many levels of symbolic links") }
    static func notADirectoryInPath(_ path: String) -> Self { Self("\(path): no such file (a part of the path is a file, not a directory)") }
    static func nameTooLong(_ path: String) -> Self { Self("\(StrictJSON.shortened(path, limit: 200)): file name too long") }
    static func isDirectory(_ path: String) -> Self { Self("\(path): is a directory, not a file") }
    static func unreadable(_ path: String) -> Self { Self("\(path): cannot be read (permission denied?)") }
    static func emptyFile(_ path: String) -> Self { Self("\(path): empty file") }
    static func tooLarge(_ path: String) -> Self { Self("\(path): larger than 64 MiB, not a configuration or trace") }
    static func notJSON(_ path: String, _ detail: String) -> Self { Self("\(path): not valid JSON: \(detail)") }
    static func notObject(_ path: String) -> Self { Self("\(path): not a JSON object") }
    static func noModelKey(_ path: String) -> Self {
        Self("\(path): no \"model\" key (one of: \(ModelCatalog.names.joined(separator: ", ")))")
    }
    static func unknownModel(_ path: String, _ name: String) -> Self {
        Self("\(path): unknown model \"\(StrictJSON.shortened(name))\" (one of: \(ModelCatalog.names.joined(separator: ", ")))")
    }
    static func badConfiguration(_ path: String, _ detail: String) -> Self { Self("\(path): \(detail)") }
    static func unknownBenchModel(_ name: String, flag: String = "--run") -> Self {
        Self("\(flag): unknown model '\(StrictJSON.shortened(name))' (one of: \(BenchModel.all.map(\.name).joined(separator: ", ")))")
    }
    static func benchChildFailed(_ what: String, _ detail: String) -> Self {
        Self("bench: the \(what) failed (\(StrictJSON.shortened(detail, limit: 300)))")
    }
    static func cannotWrite(_ path: String) -> Self { Self("\(path): cannot write") }
    static func notExecutable(_ flag: String, _ path: String) -> Self {
        Self("\(flag): \(StrictJSON.shortened(path, limit: 200)) is not an executable file")
    }
    static func spinStates(_ model: String, _ variant: String, spin: Int, cardcheck: Int) -> Self {
        Self("bench: \(model) explores \(spin.grouped) states in \(variant), cardcheck \(cardcheck.grouped): not two-phase commit's twin")
    }
}
