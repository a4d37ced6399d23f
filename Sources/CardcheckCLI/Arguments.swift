/// Hand-written argument parsing (no outside packages here): positionals, `--flag value` or
/// `--flag=value` options, and `--switch` switches, each checked against what the command takes.
struct Arguments {
    private(set) var positionals: [String] = []
    private var values: [String: String] = [:]
    private var switches: Set<String> = []

    /// Parses `arguments` for `command`, which takes the `options` (with a value) and `flags`.
    init(_ arguments: [String], command: String, options: [String], flags: [String]) throws {
        var i = 0
        while i < arguments.count {
            let arg = arguments[i]
            i += 1
            guard arg.hasPrefix("--") else {
                positionals.append(arg)
                continue
            }
            let parts = arg.split(separator: "=", maxSplits: 1).map(String.init)
            let name = parts[0]
            if flags.contains(name) && parts.count == 2 {
                throw CommandError.switchWithValue(name)
            } else if flags.contains(name) {
                switches.insert(name)
            } else if options.contains(name) {
                guard values[name] == nil else { throw CommandError.repeatedOption(name) }
                if parts.count == 2 {
                    values[name] = parts[1]
                } else {
                    guard i < arguments.count, !arguments[i].hasPrefix("--") else { throw CommandError.missingValue(name) }
                    values[name] = arguments[i]
                    i += 1
                }
            } else {
                throw CommandError.unknownFlag(arg, command: command)
            }
        }
    }

    func has(_ flag: String) -> Bool { switches.contains(flag) }

    func string(_ option: String) -> String? { values[option] }

    /// The option as an integer in `range`, nil when absent.
    func integer(_ option: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = values[option] else { return nil }
        guard let n = Int(text), range.contains(n) else { throw CommandError.notInRange(option, text, range) }
        return n
    }

    /// The option as an integer ≥ 1, nil when absent.
    func positive(_ option: String) throws -> Int? {
        guard let text = values[option] else { return nil }
        guard let n = Int(text), n >= 1 else { throw CommandError.notPositive(option, text) }
        return n
    }

    /// The option as an integer ≥ 0, nil when absent.
    func nonNegative(_ option: String) throws -> Int? {
        guard let text = values[option] else { return nil }
        guard let n = Int(text), n >= 0 else { throw CommandError.notNonNegative(option, text) }
        return n
    }

    /// `--seed` as a full 64-bit value, decimal or hexadecimal (`0x…`, as CI reports record
    /// seeds), nil when absent.
    func seed() throws -> UInt64? {
        guard let text = values["--seed"] else { return nil }
        let hex = text.hasPrefix("0x") || text.hasPrefix("0X")
        let digits = hex ? text.dropFirst(2) : text[...]
        let allowed: (Character) -> Bool = hex ? { $0.isHexDigit } : { ("0"..."9").contains($0) }
        guard digits.allSatisfy(allowed), let n = UInt64(digits, radix: hex ? 16 : 10) else {
            throw CommandError.notSeed(text)
        }
        return n
    }
}

