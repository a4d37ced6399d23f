import FleetCard

/// A behaviour of the model as the log host 0's server would write (`*.log.jsonl` beside each
/// story): its server-visible projection, timestamped by the model's clock.
///
/// The clock (Docs/diagnose.md): the log starts at `epoch`; every step takes `stepMillis`, and a
/// tick (decide) waits for the next 2 s boundary after the previous tick (the watcher ticks
/// every 2 s). Sessions are named `51d0000k` (session k, from 1) and tokens `70ce000n` (the
/// n-th token the log names), so the same trace gives the same file byte for byte.
public struct FleetLogWriter {
    public let model: FleetSystem

    /// 2026-10-14T21:00:00.000Z.
    public static let epoch: Int64 = 1_792_011_600_000
    public static let stepMillis: Int64 = 100
    public static let tickMillis: Int64 = 2000

    public init(model: FleetSystem) { self.model = model }

    /// The sid the log gives session `k` (config order, from 0).
    public static func sid(_ k: Int) -> String { hex8(0x51d0_0000 + UInt32(k + 1)) }
    /// The prefix the log gives the `n`-th token it names (from 1).
    public static func token(_ n: Int) -> String { hex8(0x70ce_0000 + UInt32(n)) }

    static func hex8(_ v: UInt32) -> String {
        let h = String(v, radix: 16)
        return String(repeating: "0", count: 8 - h.count) + h
    }

    /// One logged line: the step (1-based) that wrote it and its text.
    public struct Written: Hashable, Sendable {
        public var step: Int
        public var time: Int64
        public var event: FleetFileLogEvent
        public var text: String { FleetLogFile.text(event, time: time) }
    }

    /// The lines `steps` write from the first initial state, stopping at a disabled step.
    public func lines(_ steps: [FleetSystem.Action]) -> [Written] {
        guard var state = model.initialStates().first else { return [] }
        var clock = Self.epoch, lastTick: Int64?
        var names: [UInt8: Int] = [:]  // token number now → its name's n (lookup only)
        var named = 0
        var vetoLogged: UInt8 = 0
        var out: [Written] = []
        for (k, action) in steps.enumerated() {
            guard model.actions(in: state).contains(action), let (next, renaming) = model.stepRenaming(state, action)
            else { break }
            clock += Self.stepMillis
            if case .tick = action {
                if let last = lastTick { clock = max(clock, last + Self.tickMillis) }
                lastTick = clock
            }
            for event in model.logEvents(state, action, next, vetoLogged: &vetoLogged) {
                let renamed = event.renamed({ Self.sid($0) }) { t -> String? in
                    // Token 0 is a broadcast channel (variant broadcastChannel): a `broadcast` line.
                    if t == 0 { return FleetLogFile.broadcastToken }
                    if let n = names[t] { return Self.token(n) }
                    named += 1
                    names[t] = named
                    return Self.token(named)
                }
                if let renamed { out.append(Written(step: k + 1, time: clock, event: renamed)) }
            }
            var carried: [UInt8: Int] = [:]
            for (t, n) in names where renaming[t] != 0 { carried[renaming[t]] = n }
            names = carried
            state = next
        }
        return out
    }

    /// The file's text: one line each, each ended by a newline.
    public func file(_ steps: [FleetSystem.Action]) -> String {
        lines(steps).map { $0.text + "\n" }.joined()
    }
}
