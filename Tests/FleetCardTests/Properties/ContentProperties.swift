import FleetCard
import PropertyTesting

/// What one tick's content says about the sessions it was built from (spec: "What actually
/// travels", "Four surfaces, three row budgets").
enum ContentProperties {
    static let countsIncludeEveryActiveSession = FleetProperty(
        "counts include every active session, not just the rendered ones, each session once",
        FleetGen.observation(duplicates: true), cover: ["more than 3 active", "duplicated sid"]
    ) { observation, check, guards in
        let content = reduceFleetLiveActivity(observation.sessions, .empty, now: 0, guards: guards).content
        let active = Spec.serverActive(observation.sessions)
        check.label("more than 3 active", when: active.count > 3)
        check.label("duplicated sid", when: Set(observation.sessions.map(\.sid)).count < observation.sessions.count)
        try check.expect(content.working == active.count(where: { $0.state == .working }), "working \(content.working)")
        try check.expect(content.needsInput == active.count(where: { $0.state == .needsInput }), "needsInput \(content.needsInput)")
        try check.expect(content.rows.count + content.more == active.count, "rows + more \(content.rows.count + content.more)")
        try check.expect(Set(content.rows.map(\.sid)).count == content.rows.count, "a session takes two rows")
    }

    static let appCountsItsFilteredView = FleetProperty(
        "the app counts every active session of its filtered view and none it hides",
        FleetGen.observation(duplicates: false), cover: ["a hidden active session"]
    ) { observation, check, guards in
        let store = liveStore(observation.sessions, hiddenDirs: observation.hiddenDirs)
        let content = FleetActivitySnapshot.make(from: store, carrying: SinceMap(), now: 0, guards: guards).content
        let shown = observation.sessions.filter { !Spec.hidden($0.dir, by: observation.hiddenDirs) }
        check.label("a hidden active session", when: shown.count < observation.sessions.count
            && Spec.serverActive(observation.sessions).count > Spec.serverActive(shown).count)
        let active = Spec.serverActive(shown)
        try check.expect(content.activeTotal == active.count, "active \(content.activeTotal)")
        try check.expect(content.rows.allSatisfy { row in shown.contains { $0.sid == row.sid } }, "a hidden row")
    }

    /// The island half checks the fold against the content (the spec's `more + max(0,
    /// rows.count - 2)`), so a wrong fold fails; a bare "at most 2" could not, being a prefix(2).
    static let rowsWithinBudgets = FleetProperty(
        "rows never exceed the lock screen's 3; the Dynamic Island shows the first 2 and folds the rest into more",
        FleetGen.observation(duplicates: true), cover: ["more than 3 active", "a third row folded"]
    ) { observation, check, guards in
        let server = reduceFleetLiveActivity(observation.sessions, .empty, now: 0, guards: guards).content
        let app = FleetActivitySnapshot.make(from: observation.sessions, carrying: SinceMap(), now: 0, guards: guards).content
        check.label("more than 3 active", when: server.activeTotal > 3)
        for content in [server, app] {
            try check.expect(FleetRender.lockScreen(content).rows.count <= 3, "lock screen \(content.rows.count) rows")
            let island = FleetRender.islandExpanded(content)
            check.label("a third row folded", when: content.rows.count > 2)
            try check.expect(island.rows == Array(content.rows.prefix(2)), "island rows \(island.rows.map(\.sid))")
            try check.expect(island.more == content.more + max(0, content.rows.count - 2),
                             "island more \(island.more) for \(content.rows.count) rows and more \(content.more)")
        }
    }

    static let rowsAreOnlyActiveSessions = FleetProperty(
        "rows never contain blocked, idle or closed sessions",
        FleetGen.observation(duplicates: true), cover: ["a blocked session", "an idle session"]
    ) { observation, check, guards in
        let content = reduceFleetLiveActivity(observation.sessions, .empty, now: 0, guards: guards).content
        let states = observation.sessions.filter { !$0.closed }.map(\.displayState)
        check.label("a blocked session", when: states.contains(.blocked))
        check.label("an idle session", when: states.contains(.idle))
        let active = Spec.serverActive(observation.sessions)
        for row in content.rows {
            try check.expect(active.contains { $0.sid == row.sid && $0.state == row.state }, "row \(row.sid) \(row.state)")
        }
    }

    static let rowsInOrder = FleetProperty(
        "rows are needs-input first, then oldest first, and no unrendered session outranks a rendered one",
        FleetGen.script(duplicates: false), cover: ["an unrendered session", "mixed states"]
    ) { script, check, guards in
        for step in runServer(script, guards: guards) {
            let rows = step.tick.content.rows
            check.label("mixed states", when: Set(rows.map(\.state)).count == 2)
            for (row, next) in zip(rows, rows.dropFirst()) {
                try check.expect(Spec.ranksNoLater(row, next), "\(row.sid) before \(next.sid)")
            }
            guard let last = rows.last else { continue }
            for stamp in step.tick.since.stamps where !rows.contains(where: { $0.sid == stamp.sid }) {
                check.label("an unrendered session")
                let hidden = FleetRow(sid: stamp.sid, title: "", state: stamp.state, since: stamp.since)
                try check.expect(!Spec.ranksNoLater(hidden, last) || hidden.state == last.state && hidden.since == last.since,
                                 "\(stamp.sid) outranks \(last.sid)")
            }
        }
    }

    static let moreAndSurfaces = FleetProperty(
        "more counts the active sessions beyond the rows; the island folds its third row into more",
        FleetGen.observation(duplicates: true), cover: ["three rows"]
    ) { observation, check, guards in
        let content = reduceFleetLiveActivity(observation.sessions, .empty, now: 0, guards: guards).content
        check.label("three rows", when: content.rows.count == 3)
        try check.expect(content.more == content.activeTotal - content.rows.count, "more \(content.more)")
        let island = FleetRender.islandExpanded(content)
        try check.expect(island.more == content.more + max(0, content.rows.count - 2), "island more \(island.more)")
        try check.expect(island.rows.count + island.more == content.activeTotal, "island total")
        try check.expect(FleetRender.compactTrailing(content) == content.activeTotal, "compact total")
    }

    static let accentFollowsNeedsInput = FleetProperty(
        "the accent is amber and the relevance 100 exactly when something needs input",
        FleetGen.observation(duplicates: true), cover: ["needs input", "only working"]
    ) { observation, check, guards in
        let content = reduceFleetLiveActivity(observation.sessions, .empty, now: 0, guards: guards).content
        let asking = Spec.serverActive(observation.sessions).contains { $0.state == .needsInput }
        check.label(asking ? "needs input" : "only working", when: content.activeTotal > 0)
        try check.expect(FleetRender.accent(content) == (asking ? .amber : .green), "accent")
        try check.expect(FleetRender.relevanceScore(content) == (asking ? 100 : 90), "relevance")
    }
}
