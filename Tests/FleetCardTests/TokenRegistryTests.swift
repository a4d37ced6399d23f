import Testing
@testable import FleetCard

@Suite struct TokenRegistryTests {
    func starts(_ names: [String], env: ApnsEnvironment, into registry: TokenRegistry = TokenRegistry(),
                guards: Guards = .all) -> TokenRegistry {
        names.reduce(registry) { $0.upsertingStartToken(RegisteredToken($1, env: env), guards: guards) }
    }

    @Test("push-to-start keeps the newest 3 per environment, in first-registration order")
    func capPerEnv() {
        let registry = starts(["p1", "p2", "p3", "p4"], env: .production)
        #expect(registry.pushToStart.map(\.token) == ["p2", "p3", "p4"])
        let churned = starts(["d1", "d2", "d3", "d4", "d5"], env: .sandbox, into: registry)
        #expect(churned.pushToStart.map(\.token) == ["p2", "p3", "p4", "d3", "d4", "d5"], "environments not grouped")
        #expect(churned.targets(for: .start).count == 6)
    }

    @Test("re-registering a token replaces its record in place instead of duplicating or moving it")
    func upsert() {
        let registry = starts(["a", "b", "c", "a"], env: .production)
        #expect(registry.pushToStart.map(\.token) == ["a", "b", "c"])
    }

    @Test("a start goes to its targets in first-registration order, environments interleaved as registered (issue 50)")
    func sendOrder() {
        // A phone's older production token stays under the cap when it re-mints one at launch.
        var registry = starts(["A"], env: .production)
        registry = starts(["C", "D"], env: .sandbox, into: registry)
        registry = starts(["B"], env: .production, into: registry)
        registry = starts(["E"], env: .sandbox, into: registry)
        registry = starts(["A"], env: .production, into: registry)
        #expect(registry.targets(for: .start).map(\.token) == ["A", "C", "D", "B", "E"])
    }

    @Test("without the cap every push-to-start token is kept and blasted")
    func capOff() throws {
        let off = try #require(Guards.allBut("pushToStartCapPerEnv"))
        let registry = starts((1...19).map { "p\($0)" }, env: .production, guards: off)
        #expect(registry.targets(for: .start).count == 19)
    }

    @Test("a new update token supersedes the old one of its environment only")
    func supersede() throws {
        let sandbox = RegisteredToken("u0", env: .sandbox)
        let registry = TokenRegistry().registeringUpdateToken(sandbox).registeringUpdateToken(token1)
            .registeringUpdateToken(token2)
        #expect(registry.update == [sandbox, token2], "removed without reordering the rest, the new one appended")
        let off = try #require(Guards.allBut("supersedeUpdateToken"))
        let piled = TokenRegistry().registeringUpdateToken(token1, guards: off).registeringUpdateToken(token2, guards: off)
            .registeringUpdateToken(token1, guards: off)
        #expect(piled.targets(for: .update) == [token1, token2])
    }

    @Test("a 410 prunes the token from both lists")
    func prune() {
        let registry = starts(["t1"], env: .production).registeringUpdateToken(token1).pruning("t1")
        #expect(registry == TokenRegistry())
        #expect(registry.targets(for: .nothing) == [])
    }
}
