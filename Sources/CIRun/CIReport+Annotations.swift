import Foundation

extension CIReport {
    /// GitHub workflow commands (`::error file=…,line=…::message`) for what fails the run, so
    /// each shows on the line that names it: a failing job (a new finding, an unreached goal, a
    /// guard its mutant does not kill, a search cut short) on its configuration's `"model"` line,
    /// an accepted finding that no longer appears on its entry in the baseline, a missing or
    /// cut-short shard on no file. `text` reads a file (nil when it cannot), for the line numbers.
    public func annotations(
        models: String, baselinePath: String, storyBase: String = "", text: (String) -> String? = { _ in nil }
    ) -> [String] {
        var out: [String] = []
        for job in jobs where job.status == .fail {
            let file = "\(models)/\(job.configuration).json"
            let line = Self.line(in: text(file), matching: [#""model"\s*:"#])
            var message = "\(job.id): \(job.detail ?? "failed")"
            for p in job.violated where p.accepted != true && job.kind != .mutant {
                if let story = p.story { message += "\n\(p.name): \(storyBase)\(story)" }
            }
            out.append(Self.command(file: file, line: line, title: "cardcheck \(profile): \(job.id)", message: message))
        }
        let baselineText = text(baselinePath)
        for gone in baseline.gone {
            let line = Self.entryLine(in: baselineText, configuration: gone.configuration, property: gone.property)
            out.append(Self.command(
                file: baselinePath, line: line, title: "cardcheck \(profile): accepted finding gone",
                message: "\(gone.configuration) \"\(gone.property)\" no longer appears: remove it from the baseline"))
        }
        for shard in missingShards {
            out.append(Self.command(file: nil, line: nil, title: "cardcheck \(profile): shard \(shard)",
                                    message: "no report for shard \(shard): its jobs did not run or it crashed"))
        }
        for stop in cutShort ?? [] {
            out.append(Self.command(file: nil, line: nil, title: "cardcheck \(profile): shard \(stop.shard)",
                                    message: "shard \(stop.shard) was cut short: \(stop.reason)"))
        }
        return out
    }

    /// One `::error` command, its properties and message escaped as GitHub requires.
    static func command(file: String?, line: Int?, title: String, message: String) -> String {
        func data(_ s: String) -> String {
            s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
                .replacingOccurrences(of: "\n", with: "%0A")
        }
        func property(_ s: String) -> String { data(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C") }
        let properties = [file.map { "file=" + property($0) }, line.map { "line=\($0)" }, "title=" + property(title)]
        return "::error " + properties.compactMap { $0 }.joined(separator: ",") + "::" + data(message)
    }

    /// The 1-based number of the first line matching every pattern, 1 when none does (or no text).
    static func line(in text: String?, matching patterns: [String]) -> Int? {
        guard let text else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return (lines.firstIndex { l in patterns.allSatisfy { l.range(of: $0, options: .regularExpression) != nil } } ?? 0) + 1
    }

    /// The line of `property` in the baseline entry of `configuration` (its `"property"` line,
    /// with the entry's `"configuration"` within three lines of it).
    static func entryLine(in text: String?, configuration: String, property: String) -> Int? {
        guard let text else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func quoted(_ key: String, _ value: String) -> String {
            "\"\(key)\"\\s*:\\s*\"" + NSRegularExpression.escapedPattern(for: value) + "\""
        }
        let c = quoted("configuration", configuration), p = quoted("property", property)
        for (i, l) in lines.enumerated() where l.range(of: p, options: .regularExpression) != nil {
            let near = lines[max(0, i - 3)...min(lines.count - 1, i + 3)]
            if near.contains(where: { $0.range(of: c, options: .regularExpression) != nil }) { return i + 1 }
        }
        return 1
    }
}
