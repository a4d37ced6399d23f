import Testing

/// Checks that `body` holds for values of `gen`, failing the current swift-testing test with
/// a report (property name, paste-ready seed, shrunk input, case and shrink counts) if not.
///
///     @Test("no three numbers sum past 100")
///     func sums() {
///         forAll("no three numbers sum past 100", .array(of: .int(in: 0...100), count: 0...10)) { list in
///             list.sorted().suffix(3).reduce(0, +) <= 100
///         }
///     }
@discardableResult
public func forAll<Value>(
    _ name: String, _ gen: Gen<Value>, profile: Profile = .current, cover: [String] = [],
    sourceLocation: SourceLocation = #_sourceLocation, _ body: (Value) throws -> Bool
) -> PropertyResult<Value> {
    report(runProperty(name, gen, profile: profile, cover: cover, corpus: nil, filter: testFilter(name)) { value, _ in
        try body(value)
    }, at: sourceLocation)
}

/// `forAll` whose body states expectations and labels through a `Check`:
///
///     forAll("stale after 18 hours", snapshots, cover: ["stale", "fresh"]) { snapshot, check in
///         check.label(snapshot.age > 18 * 3600 ? "stale" : "fresh")
///         try check.expect(render(snapshot).isStale == (snapshot.age > 18 * 3600), "age \(snapshot.age)")
///     }
@discardableResult
public func forAll<Value>(
    _ name: String, _ gen: Gen<Value>, profile: Profile = .current, cover: [String] = [],
    sourceLocation: SourceLocation = #_sourceLocation, _ body: (Value, Check) throws -> Void
) -> PropertyResult<Value> {
    report(runProperty(name, gen, profile: profile, cover: cover, corpus: nil, filter: testFilter(name)) { value, check in
        try body(value, check)
        return true
    }, at: sourceLocation)
}

/// `forAll` that first replays the committed corpus entries for `name` (see `Corpus`).
@discardableResult
public func forAll<Value: Codable>(
    _ name: String, _ gen: Gen<Value>, profile: Profile = .current, cover: [String] = [], corpus: Corpus,
    sourceLocation: SourceLocation = #_sourceLocation, _ body: (Value, Check) throws -> Void
) -> PropertyResult<Value> {
    let access: CorpusAccess<Value> = corpus.access(for: name)
    return report(runProperty(name, gen, profile: profile, cover: cover, corpus: access, filter: testFilter(name)) { value, check in
        try body(value, check)
        return true
    }, at: sourceLocation)
}

/// Records each issue of `result` in the current test and prints the rest of its report.
private func report<Value>(_ result: PropertyResult<Value>, at sourceLocation: SourceLocation) -> PropertyResult<Value> {
    for issue in result.issues {
        Issue.record(Comment(rawValue: issue), sourceLocation: sourceLocation)
    }
    let printed = result.report.filter { !result.issues.contains($0) }
    if !printed.isEmpty, result.issues.isEmpty || result.outcome != .failed { print(printed.joined(separator: "\n")) }
    return result
}

/// The running test's function name (what `swift test --filter` matches), else the property name.
private func testFilter(_ propertyName: String) -> String {
    guard let test = Test.current else { return propertyName }
    let name = test.name
    return name.hasSuffix("()") ? String(name.dropLast(2)) : name
}
