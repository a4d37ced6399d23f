import Foundation
import Testing

/// `Explorer` and `PropertyTesting` as another team's package gets them: a dependency at a
/// version. SwiftPM gives a version requirement only to a git URL (a `path:` dependency takes
/// none), so the test commits this package's manifest and sources to a scratch git repository,
/// tags it, and builds a scratch package that requires it `from:` that tag through a `file://`
/// URL. The same copy under tools-version 6.0 is refused ("unsafe build flags": `Explorer`'s
/// release-only `-cross-module-optimization`), which is why Package.swift says 6.2.
@Suite struct LibraryDependencyTests {
    /// Runs `arguments` (the first is looked up on PATH) in `directory` with a plain environment
    /// (no variables of the `swift test` running this; HOME is the test's scratch folder, the
    /// parent of `directory`), returning the exit code and output.
    static func run(_ arguments: [String], in directory: String) throws -> (code: Int32, output: String) {
        let environment = ProcessInfo.processInfo.environment
        return try ToolRun.run(arguments, in: directory, environment: [
            "PATH": environment["PATH"] ?? "/usr/bin:/bin", "HOME": (directory as NSString).deletingLastPathComponent,
            "GIT_CONFIG_NOSYSTEM": "1",
        ], missing: "")
    }

    /// Commits the working tree's Package.swift (its first line replaced by `toolsVersion`, when
    /// given) and Sources/ to the repository at `repository`, tagged `tag`.
    static func commit(to repository: String, tag: String, toolsVersion: String? = nil) throws {
        let files = FileManager.default
        if !files.fileExists(atPath: repository + "/.git") {
            try files.createDirectory(atPath: repository, withIntermediateDirectories: true)
            try files.copyItem(atPath: "Sources", toPath: repository + "/Sources")
            #expect(try run(["git", "init", "-q", "-b", "main"], in: repository).code == 0)
        }
        var manifest = try String(contentsOfFile: "Package.swift", encoding: .utf8)
        if let toolsVersion {
            let lines = manifest.split(separator: "\n", omittingEmptySubsequences: false)
            manifest = (["// swift-tools-version:" + toolsVersion] + lines.dropFirst()).joined(separator: "\n")
        }
        try manifest.write(toFile: repository + "/Package.swift", atomically: true, encoding: .utf8)
        let identity = ["-c", "user.name=cardcheck", "-c", "user.email=cardcheck@localhost", "-c", "commit.gpgsign=false"]
        for command in [["git", "add", "-A"], ["git"] + identity + ["commit", "-q", "--allow-empty", "-m", tag], ["git", "tag", tag]] {
            let result = try run(command, in: repository)
            #expect(result.code == 0, "\(command.joined(separator: " ")): \(result.output)")
        }
    }

    /// A package that depends on `url` at `requirement` and uses both libraries.
    static func consumer(at directory: String, url: String, requirement: String) throws {
        try FileManager.default.createDirectory(atPath: directory + "/Sources/App", withIntermediateDirectories: true)
        try """
            // swift-tools-version:6.0
            import PackageDescription

            let package = Package(
                name: "app",
                dependencies: [.package(url: "\(url)", \(requirement))],
                targets: [
                    .target(name: "App", dependencies: [
                        .product(name: "Explorer", package: "cardcheck"),
                        .product(name: "PropertyTesting", package: "cardcheck"),
                    ]),
                ]
            )

            """.write(toFile: directory + "/Package.swift", atomically: true, encoding: .utf8)
        // One public name from each library, so the build fails if either is not usable; `forAll`
        // takes swift-testing's `#_sourceLocation` at the call, so its caller imports Testing.
        try """
            import Explorer
            import PropertyTesting
            import Testing

            public func explore(_ model: some Model) {}

            public func property() -> Bool {
                forAll("a number in 0...9 is under 10", .int(in: 0...9)) { $0 < 10 }.outcome == .passed
            }

            """.write(toFile: directory + "/Sources/App/App.swift", atomically: true, encoding: .utf8)
    }

    @Test("a package that requires this one from: 1.0.0 through a file:// git URL builds with Explorer and PropertyTesting; under tools-version 6.0 it is refused")
    func versionedDependency() throws {
        let root = NSTemporaryDirectory() + "cardcheck-dependency-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        // The repository's folder is named cardcheck: SwiftPM names a URL's package by its last component.
        let repository = root + "/cardcheck"
        try Self.commit(to: repository, tag: "0.9.0", toolsVersion: "6.0")
        try Self.commit(to: repository, tag: "1.0.0")
        // The dependency cache is per test run, so no scratch repository lingers in ~/.cache.
        let swiftpm = ["--disable-dependency-cache", "--cache-path", root + "/cache", "--scratch-path"]

        let refused = root + "/refused"
        try Self.consumer(at: refused, url: "file://" + repository, requirement: "exact: \"0.9.0\"")
        let graph = try Self.run(["swift", "package"] + swiftpm + [refused + "/.build", "show-dependencies"], in: refused)
        #expect(graph.code != 0)
        #expect(graph.output.contains("contains unsafe build flags"), "\(graph.output)")

        let app = root + "/app"
        try Self.consumer(at: app, url: "file://" + repository, requirement: "from: \"1.0.0\"")
        let build = try Self.run(["swift", "build"] + swiftpm + [app + "/.build", "--target", "App"], in: app)
        #expect(build.code == 0, "\(build.output)")
        let resolved = try String(contentsOfFile: app + "/Package.resolved", encoding: .utf8)
        #expect(resolved.contains("\"version\" : \"1.0.0\""), "\(resolved)")
    }
}
