import Foundation
import Testing

/// The workflows' own shell steps, run here as GitHub runs them (`bash -eo pipefail`) against a
/// stand-in `cardcheck` that exits as told, and the jobs' shape: what a linter cannot see.
@Suite struct WorkflowScriptTests {
    static let nightly = ".github/workflows/nightly.yml"

    static func lines(_ path: String) throws -> [String] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    static func indent(_ line: String) -> Int { line.prefix { $0 == " " }.count }

    /// The lines of job `name` (from `  name:` to the next job).
    static func job(_ name: String, in path: String) throws -> [String] {
        let all = try lines(path)
        let start = try #require(all.firstIndex(of: "  \(name):"))
        let end = all[(start + 1)...].firstIndex { indent($0) == 2 && $0.hasSuffix(":") && !$0.hasPrefix("   ") } ?? all.endIndex
        return Array(all[start..<end])
    }

    /// The `run: |` script of the step whose name starts with `step`, dedented.
    static func script(_ step: String, in lines: [String]) throws -> String {
        let named = try #require(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix("- name: \(step)") })
        let run = try #require(lines[named...].firstIndex { $0.trimmingCharacters(in: .whitespaces) == "run: |" })
        let body = lines[(run + 1)...].prefix { $0.isEmpty || indent($0) > indent(lines[run]) }
        let margin = body.filter { !$0.isEmpty }.map(indent).min() ?? 0
        return body.map { String($0.dropFirst(min(margin, $0.count))) }.joined(separator: "\n") + "\n"
    }

    /// Runs `script` as a GitHub `shell: bash` step in a scratch folder where `cardcheck` (at each
    /// of `binaries`) prints `out` and exits `code`; returns the exit code and GITHUB_OUTPUT.
    static func step(_ script: String, binaries: [String], out: String, code: Int32) throws -> (code: Int32, output: String, calls: String) {
        let dir = NSTemporaryDirectory() + "cardcheck-step-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for binary in binaries {
            let path = dir + "/" + binary
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try "#!/bin/sh\necho \"$*\" >> \"\(dir)/calls\"\nprintf '%s' '\(out)'\nexit \(code)\n".write(toFile: path, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        }
        try script.write(toFile: dir + "/step.sh", atomically: true, encoding: .utf8)
        FileManager.default.createFile(atPath: dir + "/output", contents: Data())
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["--noprofile", "--norc", "-eo", "pipefail", dir + "/step.sh"]
        process.currentDirectoryURL = URL(fileURLWithPath: dir)
        process.environment = ["PATH": "/usr/bin:/bin", "GITHUB_OUTPUT": dir + "/output", "SHARD": "2/4", "SHARDS": ""]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let output = (try? String(contentsOfFile: dir + "/output", encoding: .utf8)) ?? ""
        let calls = (try? String(contentsOfFile: dir + "/calls", encoding: .utf8)) ?? ""
        return (process.terminationStatus, output, calls)
    }

    @Test("both workflows run steps in bash -eo pipefail")
    func pipefail() throws {
        for path in [Self.nightly, ".github/workflows/pr.yml"] {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(text.contains("defaults:\n  run:\n    shell: bash"), "\(path)")
        }
    }

    @Test("the plan step fails where the plan fails (exit 2 writes no matrix), and passes the matrix on when it succeeds")
    func planStep() throws {
        let script = try Self.script("Plan", in: Self.job("plan", in: Self.nightly))
        let failed = try Self.step(script, binaries: [".build/release/cardcheck"], out: "", code: 2)
        #expect(failed.code != 0)
        #expect(!failed.output.contains("matrix="))
        let ok = try Self.step(script, binaries: [".build/release/cardcheck"], out: #"{"shard":["1/2","2/2"]}"#, code: 0)
        #expect(ok.code == 0)
        #expect(ok.output == #"matrix={"shard":["1/2","2/2"]}"# + "\n")
        #expect(ok.calls == "plan --format matrix\n")
    }

    @Test("a shard's step passes on a finding (1) or the time limit (3), fails on bad input (2), and checkpoints")
    func shardStep() throws {
        let script = try Self.script("Run shard", in: Self.job("shard", in: Self.nightly))
        for (code, passes) in [(0, true), (1, true), (3, true), (2, false), (134, false)] as [(Int32, Bool)] {
            let run = try Self.step(script, binaries: ["bin/cardcheck"], out: "", code: code)
            #expect((run.code == 0) == passes, "cardcheck exit \(code)")
            #expect(run.calls.hasPrefix("nightly --shard 2/4 --out shard-out --time-limit 20000 --checkpoint checkpoint "), "\(run.calls)")
        }
    }

    @Test("the shard and merge jobs use the static binary: no container, no apt-get, no .ci/setup; the checkpoint is cached")
    func staticBinaryJobs() throws {
        for name in ["shard", "merge"] {
            let job = try Self.job(name, in: Self.nightly).joined(separator: "\n")
            #expect(!job.contains("container:") && !job.contains("apt-get") && !job.contains(".ci/setup"), "\(name)")
            #expect(job.contains("name: cardcheck-binary"), "\(name)")
        }
        let shard = try Self.job("shard", in: Self.nightly).joined(separator: "\n")
        // The pinned SHA and its version comment are ActionPinTests' business; here only the step.
        #expect(shard.contains(#/uses: actions/cache/restore@\S+ # \S+\n        with:\n          path: checkpoint/#))
        #expect(shard.contains(#/uses: actions/cache/save@\S+ # \S+\n        with:\n          path: checkpoint/#))
        for name in ["plan", "properties"] {
            #expect(try Self.job(name, in: Self.nightly).joined(separator: "\n").contains("path: .build"), "\(name) caches .build")
        }
    }
}
