/// Runs a property and returns what it found, recording nothing: for testing the harness
/// itself and for tools. Tests use `forAll`, which records failures as test issues.
public func checkProperty<Value>(
    _ name: String, _ gen: Gen<Value>, profile: Profile = .current, cover: [String] = [],
    _ body: (Value, Check) throws -> Void
) -> PropertyResult<Value> {
    runProperty(name, gen, profile: profile, cover: cover, corpus: nil, filter: name) { value, check in
        try body(value, check)
        return true
    }
}

/// `checkProperty` for a body that returns whether the property holds.
public func checkProperty<Value>(
    _ name: String, _ gen: Gen<Value>, profile: Profile = .current, cover: [String] = [],
    _ body: (Value) throws -> Bool
) -> PropertyResult<Value> {
    runProperty(name, gen, profile: profile, cover: cover, corpus: nil, filter: name) { value, _ in try body(value) }
}

/// `checkProperty` that first replays `corpus`'s entries for `name`.
public func checkProperty<Value: Codable>(
    _ name: String, _ gen: Gen<Value>, profile: Profile = .current, cover: [String] = [], corpus: Corpus,
    _ body: (Value, Check) throws -> Void
) -> PropertyResult<Value> {
    runProperty(name, gen, profile: profile, cover: cover, corpus: corpus.access(for: name), filter: name) { value, check in
        try body(value, check)
        return true
    }
}

/// The one path every entry point takes (`forAll` in `PropertyTesting` too).
package func runProperty<Value>(
    _ name: String, _ gen: Gen<Value>, profile: Profile, cover: [String], corpus: CorpusAccess<Value>?,
    filter: String, _ body: (Value, Check) throws -> Bool
) -> PropertyResult<Value> {
    withoutActuallyEscaping(body) { body in
        var runner = PropertyRunner(name: name, gen: gen, profile: profile, cover: cover, filter: filter, body: body)
        guard let corpus else { return runner.run() }
        runner.corpusFile = corpus.file
        do {
            runner.replays = try corpus.load()
        } catch {
            var result = PropertyResult<Value>(name: name, profile: profile.name, seed: profile.seed(for: name))
            result.outcome = .misconfigured
            result.issues = ["\(error)"]
            result.report = ["\(error)"]
            return result
        }
        runner.record = corpus.record
        return runner.run()
    }
}
