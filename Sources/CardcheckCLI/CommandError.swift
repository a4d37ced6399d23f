/// Bad input to a command: one line saying what is wrong and where; the command exits 2.
struct CommandError: Error, Equatable, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }

    static func unknownSubcommand(_ name: String) -> Self {
        Self("unknown subcommand '\(name)' (try: cardcheck --help)")
    }
    static func unknownFlag(_ flag: String, command: String) -> Self {
        Self("unknown flag '\(flag)' for cardcheck \(command) (try: cardcheck \(command) --help)")
    }
    static func missingValue(_ flag: String) -> Self { Self("\(flag) needs a value") }
    static func notPositive(_ flag: String, _ value: String) -> Self {
        Self("\(flag) must be a positive integer, got '\(value)'")
    }
    static func notNonNegative(_ flag: String, _ value: String) -> Self {
        Self("\(flag) must be a non-negative integer, got '\(value)'")
    }
    static func notSeed(_ value: String) -> Self {
        Self("--seed must be an integer from 0 to 18446744073709551615, got '\(value)'")
    }
    static func arguments(command: String, expected: String) -> Self {
        Self("cardcheck \(command) takes \(expected) (try: cardcheck \(command) --help)")
    }
    static func unknownChallenge(_ name: String, known: [String]) -> Self {
        Self("--only: unknown challenge '\(name)' (one of: \(known.joined(separator: ", ")))")
    }
    static func missingFile(_ path: String) -> Self { Self("\(path): no such file") }
    static func notJSON(_ path: String) -> Self { Self("\(path): not valid JSON (truncated?)") }
    static func noModelKey(_ path: String) -> Self {
        Self("\(path): no \"model\" key (one of: \(ModelCatalog.names.joined(separator: ", ")))")
    }
    static func unknownModel(_ path: String, _ name: String) -> Self {
        Self("\(path): unknown model \"\(name)\" (one of: \(ModelCatalog.names.joined(separator: ", ")))")
    }
    static func badConfiguration(_ path: String, _ detail: String) -> Self { Self("\(path): \(detail)") }
    static func cannotWrite(_ path: String) -> Self { Self("\(path): cannot write") }
}
