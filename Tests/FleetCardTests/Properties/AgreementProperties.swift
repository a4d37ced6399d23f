import FleetCard
import PropertyTesting

/// spec "One card, two writers": "whichever writer last touched the card, it says the same
/// thing." Each property feeds the app's snapshot and the server's reducer the same moments and
/// compares what they would render.
enum AgreementProperties {
    static let agreeOnOneTick = FleetProperty(
        "the app and the server render the same card from the same sessions in one tick",
        FleetGen.storeConsistentDuplicates.map { Observation(sessions: $0) }, cover: ["duplicated sid"]
    ) { observation, check, guards in
        check.label("duplicated sid", when: Set(observation.sessions.map(\.sid)).count < observation.sessions.count)
        let server = reduceFleetLiveActivity(observation.sessions, .empty, now: 0, guards: guards).content
        let app = FleetActivitySnapshot.make(from: observation.sessions, carrying: SinceMap(), now: 0, guards: guards).content
        try check.expect(Spec.renderablyEqual(server, app), "server \(server.activeTotal) active \(server.rows.map(\.sid)), app \(app.activeTotal) active \(app.rows.map(\.sid))")
    }

    /// The same, across ticks, under one reading of the app's since carry-over.
    static func agreeAcrossTicks(scope: ClientSinceScope) -> FleetProperty<TickScript> {
        FleetProperty(
            "the app and the server render the same card from the same sessions across ticks (app carries \(scope.rawValue))",
            FleetGen.script(duplicates: false), cover: ["more than 3 active"]
        ) { script, check, guards in
            let server = runServer(script, guards: guards)
            let app = runClient(script, scope: scope, guards: guards)
            for (step, snapshot) in zip(server, app) {
                check.label("more than 3 active", when: step.tick.content.activeTotal > 3)
                let s = step.tick.content.rows, a = snapshot.content.rows
                try check.expect(Spec.renderablyEqual(step.tick.content, snapshot.content),
                                 "t=\(step.tick.content.updatedAt): server rows \(s.map { "\($0.sid)@\(Int($0.since))" }), app rows \(a.map { "\($0.sid)@\(Int($0.since))" })")
            }
        }
    }

    static let agreeWithHiddenDirs = FleetProperty(
        "the app and the server render the same card when the app hides directories",
        FleetGen.observation(duplicates: false), cover: ["a hidden dir"]
    ) { observation, check, guards in
        check.label("a hidden dir", when: !observation.hiddenDirs.isEmpty)
        let server = reduceFleetLiveActivity(observation.sessions, .empty, now: 0, guards: guards).content
        let store = liveStore(observation.sessions, hiddenDirs: observation.hiddenDirs)
        let app = FleetActivitySnapshot.make(from: store, carrying: SinceMap(), now: 0, guards: guards).content
        try check.expect(Spec.renderablyEqual(server, app), "server \(server.activeTotal) active, app \(app.activeTotal) active")
    }

    /// Titles as sessions carry them, long and padded ones included (the real writers differ).
    static let agreeOnTitles = FleetProperty(
        "the app and the server write the same row title for the same session",
        Gen.compose { draw in
            FleetSession(sid: "s1", title: try draw(.element(of: FleetGen.seamTitles)), busy: true)
        }, cover: ["a long or padded title"]
    ) { session, check, guards in
        check.label("a long or padded title", when: session.title.count > 80 || session.title.first?.isWhitespace == true
            || session.title.last?.isWhitespace == true)
        let server = reduceFleetLiveActivity([session], .empty, now: 0, guards: guards).content.rows.map(\.title)
        let app = FleetActivitySnapshot.make(from: [session], carrying: SinceMap(), now: 0, guards: guards).content.rows.map(\.title)
        try check.expect(server == app, "server \(server), app \(app)")
    }

    /// The app launches onto the card the server has been writing while it slept (spec B, C).
    static func agreeAtLaunch(scope: ClientSinceScope) -> FleetProperty<LaunchScript> {
        FleetProperty(
            "the app launching onto the server's card renders the same card (app carries \(scope.rawValue))",
            Gen.zip(FleetGen.script(duplicates: false), Gen.int(in: 1...8)).map { LaunchScript(script: $0, launchBefore: $1) },
            cover: ["a card older than the launch"]
        ) { input, check, guards in
            let server = runServer(input.script, guards: guards)
            guard input.launchBefore < server.count else { return }
            let card = server[input.launchBefore - 1].after.current?.content
            let moment = input.script.moments[input.launchBefore]
            let (action, _) = FleetClientSync().syncing(liveStore(moment.sessions), card: card, now: moment.at, scope: scope, guards: guards)
            check.label("a card older than the launch", when: card.map { $0.rows.contains { $0.since < moment.at } } ?? false)
            let written: FleetContentState? = switch action {
            case .request(let content, _), .update(let content): content
            case .end, .nothing: nil
            }
            guard let written else { return }
            let serverContent = server[input.launchBefore].tick.content
            try check.expect(Spec.renderablyEqual(written, serverContent),
                             "app wrote \(written.rows.map { "\($0.sid)@\(Int($0.since))" }), server computes \(serverContent.rows.map { "\($0.sid)@\(Int($0.since))" })")
        }
    }
}
