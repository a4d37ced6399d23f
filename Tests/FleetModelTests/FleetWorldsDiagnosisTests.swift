import Explorer
import FleetCard
import Testing
@testable import FleetModel

/// "Which world?" (issue 46, item 5) below the command line: the assumptions a line breaks in a
/// world (each only where the world lacks what the line needs), and a stopped run.
@Suite("FleetWorldsDiagnosis")
struct FleetWorldsDiagnosisTests {
    static func world(_ name: String) throws -> FleetConfig {
        try FleetConfig.load(path: Repository.root + "/Models/\(name).json")
    }

    static func log(_ lines: String...) throws -> FleetLog {
        try FleetLogFile.read(Array((lines.joined(separator: "\n") + "\n").utf8), strict: true)
    }

    static let start2 = #"{"t":"2026-10-02T07:00:01.120Z","event":"decide","apnsEvent":"start","tokens":2,"working":1,"needsInput":0,"rows":["9f3c61d2:working"],"more":0}"#

    @Test("each assumption is broken only in a world without what the line needs, and only at that line")
    func assumptions() throws {
        let sandbox = #"{"t":"2026-10-02T07:00:01.530Z","event":"send","apnsEvent":"start","token":"81bb0002","env":"sandbox","status":200}"#
        let failed = #"{"t":"2026-10-02T07:00:01.530Z","event":"send","apnsEvent":"start","token":"81bb0002","env":"production","status":0}"#
        let channel = #"{"t":"2026-10-02T07:00:01.530Z","event":"broadcast","apnsEvent":"update","env":"production","status":200}"#
        let gone = #"{"t":"2026-10-02T07:00:01.530Z","event":"send","apnsEvent":"start","token":"81bb0002","env":"production","status":410}"#
        let oneLine = { (line: String, world: String) in try FleetWorldAssumption.broken(Self.world(world), Self.log(Self.start2, line), at: 1) }
        // A sandbox token: none in the default world, the stale corpse in the faults world.
        #expect(try oneLine(sandbox, "fleet-card")?.hasPrefix("every token is production") == true)
        #expect(try oneLine(sandbox, "fleet-card-faults") == nil)
        // A failed send: only where sends fail.
        #expect(try oneLine(failed, "fleet-card")?.hasPrefix("a send never fails") == true)
        #expect(try oneLine(failed, "fleet-card-faults") == nil)
        // A broadcast line: only the broadcast-channel builds write one.
        #expect(try oneLine(channel, "fleet-card")?.hasPrefix("the server sends to each token") == true)
        #expect(try oneLine(channel, "fleet-card-broadcast") == nil)
        // A status the model's APNs never gives, in every world.
        #expect(try oneLine(gone, "fleet-card-faults")?.contains("no status 410") == true)
        // A start to two push-to-start tokens: more than one phone holds without rotation or dev
        // builds; the same line is writable by two phones, and by one with dev builds.
        let start = try Self.log(Self.start2)
        #expect(try FleetWorldAssumption.broken(Self.world("fleet-card-one-phone"), start, at: 0)?.hasPrefix("1 phone(s)") == true)
        #expect(try FleetWorldAssumption.broken(Self.world("fleet-card"), start, at: 0) == nil)
        #expect(try FleetWorldAssumption.broken(Self.world("fleet-card-dev-builds"), start, at: 0) == nil)
        // The first impossible line, not a later one.
        let twoSids = #"{"t":"2026-10-02T07:00:03.120Z","event":"decide","apnsEvent":"update","tokens":2,"working":2,"needsInput":0,"rows":["9f3c61d2:working","a07e3b51:working"],"more":0}"#
        let both = try Self.log(Self.start2, sandbox, twoSids)
        #expect(try FleetWorldAssumption.firstImpossible(Self.world("fleet-card-dev-builds"), both)?.index == 2)
        #expect(try FleetWorldAssumption.firstImpossible(Self.world("fleet-card"), both)?.index == 1)
        #expect(try FleetWorldAssumption.firstImpossible(Self.world("fleet-card-two-sessions"), try Self.log(twoSids)) == nil)
    }

    @Test("a start is addressed to at most the push-to-start tokens each environment can hold: the cap where dev builds add them, reached in the dev-builds world, and never passed")
    func startTargets() throws {
        let config = try Self.world("fleet-card-dev-builds")
        let bound = FleetWorldAssumption.startTargets(config)
        #expect(bound.most == 4)
        // Every state within two world actions (two dev builds): no start addressed to more, and one to exactly that.
        let model = FleetSystem(config: config)
        var spent: [FleetState: Int] = [:]  // lookup only
        var frontier = model.initialStates().map { ($0, 0) }
        var most = 0
        for (s, _) in frontier { spent[s] = 0 }
        while !frontier.isEmpty {
            var next: [(FleetState, Int)] = []
            for (state, used) in frontier {
                for i in state.servers.indices {
                    if let tick = state.servers[i].tick, tick.action == .start { most = max(most, tick.targets.count) }
                }
                for action in model.actions(in: state) {
                    let cost = used + (model.kind(of: action) == .world ? 1 : 0)
                    guard cost <= 2, let s = model.next(state, action), cost < spent[s, default: .max] else { continue }
                    spent[s] = cost
                    next.append((s, cost))
                }
            }
            frontier = next
        }
        #expect(most == bound.most)
        let start = { (n: Int) in try Self.log(#"{"t":"2026-10-02T07:00:01.120Z","event":"decide","apnsEvent":"start","tokens":\#(n),"working":1,"needsInput":0,"rows":["9f3c61d2:working"],"more":0}"#) }
        #expect(try FleetWorldAssumption.broken(config, start(4), at: 0) == nil)
        let why = try FleetWorldAssumption.broken(config, start(5), at: 0)
        #expect(why == "a start is addressed to every push-to-start token host 0 holds, at most 4: 3 sandbox (the stale corpse, and new ones from dev builds (world.devBuildLaunch), the newest 3 kept (guards.pushToStartCapPerEnv)); 1 production (1 phone(s), one each); not 5")
        // Without the cap, dev builds' tokens pile up to the list's capacity.
        var uncapped = config
        uncapped.guards.pushToStartCapPerEnv = false
        #expect(FleetWorldAssumption.startTargets(uncapped).most == 8)
        #expect(try FleetWorldAssumption.broken(uncapped, start(5), at: 0) == nil)
    }

    @Test("the shortfall lines and the decide's token count carry only numbers the model's delivery rule can give")
    func shortfallNumbers() throws {
        func line(_ body: String) -> String { #"{"t":"2026-10-02T07:00:01.530Z","# + body + "}" }
        let cases: [(String, String?)] = [
            (line(#""event":"none-accepted","apnsEvent":"update","tokens":2,"accepted":0"#), nil),
            (line(#""event":"none-accepted","apnsEvent":"update","tokens":2,"accepted":1"#), "none-accepted is written only when no addressed token accepted"),
            (line(#""event":"none-accepted","apnsEvent":"start","tokens":0,"accepted":0"#), "with no token addressed"),
            (line(#""event":"partial","apnsEvent":"update","tokens":2,"accepted":1"#), nil),
            (line(#""event":"partial","apnsEvent":"end","tokens":3,"accepted":3"#), "partial is written only when some but not all"),
            (line(#""event":"partial","apnsEvent":"update","tokens":2,"accepted":0"#), "partial is written only when some but not all"),
            (line(#""event":"partial","apnsEvent":"start","tokens":2,"accepted":1"#), "a start is delivered when one token accepts"),
            (line(#""event":"partial","apnsEvent":"update","tokens":9,"accepted":1"#), "a tick addresses at most 8 tokens"),
            (line(#""event":"decide","apnsEvent":"update","tokens":9,"working":0,"needsInput":0,"rows":[],"more":0"#), "a tick addresses one registry list's tokens, at most 8"),
            (line(#""event":"decide","apnsEvent":"update","tokens":8,"working":0,"needsInput":0,"rows":[],"more":0"#), nil),
        ]
        for (text, why) in cases {
            let found = try FleetWorldAssumption.broken(Self.world("fleet-card-faults"), Self.log(text), at: 0)
            if let why { #expect(found?.hasPrefix(why) == true, "\(text): \(found ?? "nil")") } else { #expect(found == nil, "\(text): \(found ?? "")") }
        }
        // Without the all-accepted guard an update some tokens refused is delivered: no partial line.
        var unguarded = try Self.world("fleet-card-faults")
        unguarded.guards.allAcceptedForUpdateAndEnd = false
        let partial = try Self.log(line(#""event":"partial","apnsEvent":"update","tokens":2,"accepted":1"#))
        #expect(FleetWorldAssumption.broken(unguarded, partial, at: 0)?.contains("allAcceptedForUpdateAndEnd off") == true)
    }

    @Test("a run stopped before its worlds leaves each one not tried: never admitted or refused, and the result is NOT decided")
    func stopped() throws {
        let stop = StopSignal()
        stop.raise()
        let worlds = try ["fleet-card-one-phone", "fleet-card"].map { name in
            FleetWorldsDiagnosis.World(name: name, path: "Models/\(name).json", model: FleetSystem(config: try Self.world(name)), options: .init())
        }
        let run = FleetWorldsDiagnosis.make(worlds, try Self.log(Self.start2), path: "x.log", stop: stop, reason: { "time limit reached" })
        #expect(run.verdict == .notDecided)
        #expect(run.findings.map(\.finding) == [.notTried(reason: "time limit reached"), .notTried(reason: "time limit reached")])
        #expect(run.lines.last == "result: NOT decided: no world tried admits the log (0 refused, 2 not tried of 2)")
    }
}
