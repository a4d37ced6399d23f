/// Another build of cardcheck measured beside this one (`bench --baseline BINARY`): each row's
/// search run as `BINARY check CONFIG --threads 1`, its report's rate read back. Any build whose
/// `check` prints the report's first two lines (`NAME: N distinct states, ...` and `time T s,
/// R states/s, ...`) will do, the builds of 30 November 2026 on (their fleet reports aside: a
/// row a baseline cannot run, or whose report cannot be read, is left uncompared with a note).
struct BenchBaseline {
    let executable: String

    /// What the baseline's report said: its distinct states and the search's rate.
    struct Figures: Equatable {
        var states: Int
        var statesPerSecond: Int
    }

    /// Reads the report's distinct states and `states/s`, each on the first line that has it;
    /// nil when either is missing or not a grouped whole number.
    static func figures(output lines: [String]) -> Figures? {
        func number(_ text: Substring) -> Int? {
            let digits = text.filter { $0 != "," }
            guard !digits.isEmpty, digits.allSatisfy(\.isASCII) else { return nil }
            return Int(digits).flatMap { $0 >= 0 ? $0 : nil }
        }
        guard let head = lines.first(where: { $0.contains(" distinct states, ") }),
              let time = lines.first(where: { $0.hasPrefix("time ") && $0.contains(" states/s") })
        else { return nil }
        // "NAME: 1,745,408 distinct states, ..." and "time 0.60 s, 2,905,000 states/s, ...".
        guard let afterName = head.range(of: ": ")?.upperBound,
              let statesEnd = head.range(of: " distinct states, ")?.lowerBound, afterName <= statesEnd,
              let states = number(head[afterName..<statesEnd])
        else { return nil }
        let parts = time.components(separatedBy: ", ")
        guard parts.count >= 2, parts[1].hasSuffix(" states/s"),
              let rate = number(parts[1].dropLast(" states/s".count)[...])
        else { return nil }
        return Figures(states: states, statesPerSecond: rate)
    }

    /// Runs the baseline's check of `configuration` once (nil: stopped). Exit 1 (a property
    /// violated, as the fleet's accepted findings are) is a finished search too.
    func run(_ configuration: String, stop: RunStop) throws -> Figures? {
        let arguments = ["check", configuration, "--threads", "1"]
        let what = "baseline run '\(executable) \(arguments.joined(separator: " "))'"
        guard let lines = try BenchChild.output(executable, arguments, what: what, stop: stop, accepting: [0, 1]) else { return nil }
        guard let figures = Self.figures(output: lines) else {
            throw CommandError.benchChildFailed(what, "no 'N distinct states' and 'time T s, R states/s' lines in its output")
        }
        return figures
    }
}
