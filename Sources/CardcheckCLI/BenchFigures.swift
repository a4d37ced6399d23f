/// What one measured search prints (`bench --run`) and the parent reads back: one line with a
/// fixed tag and fixed keys, so a change on either side shows up as a parse failure.
struct BenchFigures: Equatable {
    var states: Int
    /// Wall seconds of the search alone.
    var seconds: Double
    /// User and system CPU seconds of the process during the search (all threads).
    var cpu: Double
    /// Bytes of the visited set's fingerprint table.
    var visitedBytes: Int
    /// The process's peak resident bytes during the search.
    var peak: Int
    /// The same less the resident bytes the process had before the search.
    var growth: Int

    static let tag = "cardcheck-bench-run"
    static let keys = ["states", "seconds", "cpu", "visited-bytes", "peak", "growth"]

    /// `cardcheck-bench-run states=N seconds=S cpu=C visited-bytes=B peak=P growth=G`.
    var line: String {
        let values = ["\(states)", "\(seconds)", "\(cpu)", "\(visitedBytes)", "\(peak)", "\(growth)"]
        return ([Self.tag] + zip(Self.keys, values).map { "\($0)=\($1)" }).joined(separator: " ")
    }

    /// Reads `line`; nil unless it is exactly the tag and the keys in order, each with a
    /// non-negative number (the counts whole, the seconds finite).
    init?(line: String) {
        let fields = line.split(separator: " ", omittingEmptySubsequences: false)
        guard fields.count == Self.keys.count + 1, fields[0] == Self.tag else { return nil }
        var texts: [Substring] = []
        for (field, key) in zip(fields.dropFirst(), Self.keys) {
            let parts = field.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0] == key else { return nil }
            texts.append(parts[1])
        }
        guard let states = Int(texts[0]), let seconds = Double(texts[1]), let cpu = Double(texts[2]),
              let visitedBytes = Int(texts[3]), let peak = Int(texts[4]), let growth = Int(texts[5]),
              seconds.isFinite, cpu.isFinite, min(states, visitedBytes, peak, growth) >= 0, min(seconds, cpu) >= 0
        else { return nil }
        self.init(states: states, seconds: seconds, cpu: cpu, visitedBytes: visitedBytes, peak: peak, growth: growth)
    }

    init(states: Int, seconds: Double, cpu: Double, visitedBytes: Int, peak: Int, growth: Int) {
        self.states = states
        self.seconds = seconds
        self.cpu = cpu
        self.visitedBytes = visitedBytes
        self.peak = peak
        self.growth = growth
    }
}
