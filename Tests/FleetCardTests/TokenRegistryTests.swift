import Testing
@testable import FleetCard

@Suite struct TokenRegistryTests {
    func starts(_ names: [String], env: ApnsEnvironment, into registry: TokenRegistry = TokenRegistry(),
                guards: Guards = .all) -> TokenRegistry {
        names.reduce(registry) { $0.upsertingStartToken(RegisteredToken($1, env: env), guards: guards) }
    }

    @Test("push-to-start keeps the newest 3 per environment, newest first")
    func capPerEnv() {
        let registry = starts(["p1", "p2", "p3", "p4"], env: .production)
        #expect(registry.pushToStart.map(\.token) == ["p4", "p3", "p2"])
        let churned = starts(["d1", "d2", "d3", "d4", "d5"], env: .sandbox, into: registry)
        #expect(churned.pushToStart.filter { $0.env == .production }.map(\.token) == ["p4", "p3", "p2"])
        #expect(churned.targets(for: .start).count == 6)
    }

    @Test("re-registering a token moves it to the front instead of duplicating it")
    func upsert() {
        let registry = starts(["a", "b", "a"], env: .production)
        #expect(registry.pushToStart.map(\.token) == ["a", "b"])
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
        #expect(registry.update == [token2, sandbox])
        let off = try #require(Guards.allBut("supersedeUpdateToken"))
        let piled = TokenRegistry().registeringUpdateToken(token1, guards: off).registeringUpdateToken(token2, guards: off)
        #expect(piled.targets(for: .update) == [token2, token1])
    }

    @Test("a 410 prunes the token from both lists")
    func prune() {
        let registry = starts(["t1"], env: .production).registeringUpdateToken(token1).pruning("t1")
        #expect(registry == TokenRegistry())
        #expect(registry.targets(for: .nothing) == [])
    }
}
