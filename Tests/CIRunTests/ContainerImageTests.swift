import Foundation
import Testing

/// The Dockerfile and the Kubernetes manifests agree with each other and with the workflows
/// (no Docker engine runs here, so this reads the files; `docker build` is not run).
@Suite struct ContainerImageTests {
    static let manifests = [".ci/kubernetes/nightly-job.yaml", ".ci/kubernetes/merge-job.yaml"]

    static func text(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    /// The Dockerfile's stages: each `FROM` line with the instructions under it (continuations joined).
    static func stages() throws -> [(from: String, lines: [String])] {
        var stages: [(from: String, lines: [String])] = []
        var pending = ""
        for raw in try text("Dockerfile").split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("#") || line.isEmpty && pending.isEmpty { continue }
            pending += pending.isEmpty ? line : " " + line
            if pending.hasSuffix("\\") { pending.removeLast(); continue }
            if pending.hasPrefix("FROM ") { stages.append((pending, [])) } else if !stages.isEmpty { stages[stages.count - 1].lines.append(pending) }
            pending = ""
        }
        return stages
    }

    /// The values of `key:` lines in a manifest, in order.
    static func values(_ key: String, in path: String) throws -> [String] {
        try text(path).split(separator: "\n").compactMap { line in
            let t = line.trimmingCharacters(in: .whitespaces)
            return t.hasPrefix(key + ": ") ? String(t.dropFirst(key.count + 2)) : nil
        }
    }

    @Test("the Dockerfile builds the release binary in the workflows' Swift image with GNU MP and runs it from the Jobs' folder")
    func dockerfile() throws {
        let stages = try Self.stages()
        #expect(stages.count == 2)
        let build = try #require(stages.first), run = try #require(stages.last)
        // The same toolchain image CI builds in.
        #expect(build.from == "FROM swift:6.3-noble AS build")
        #expect(try Self.text(".github/workflows/pr.yml").contains("container: swift:6.3-noble"))
        #expect(build.lines.contains { $0.hasPrefix("RUN apt-get update") && $0.contains("apt-get install -y") && $0.contains("libgmp-dev") })
        #expect(build.lines.contains { $0.contains("swift build -c release --product cardcheck") })
        // The run stage: the binary on PATH, the configurations where the Jobs run, the tz database.
        #expect(run.lines.contains("COPY --from=build /out/cardcheck /usr/local/bin/cardcheck"))
        #expect(run.lines.contains("COPY Models /cardcheck/Models"))
        #expect(run.lines.contains { $0.hasPrefix("RUN apt-get update") && $0.contains("tzdata") })
        // The distributed check: built against Open MPI, run with its runtime, workers with sshd.
        #expect(build.lines.contains { $0.hasPrefix("RUN apt-get update") && $0.contains("libopenmpi-dev") })
        #expect(build.lines.contains { $0.contains("swift build -c release --product cardcheck-mpi") })
        #expect(run.lines.contains("COPY --from=build /out/cardcheck-mpi /usr/local/bin/cardcheck-mpi"))
        #expect(run.lines.contains { $0.hasPrefix("RUN apt-get update") && $0.contains("openmpi-bin") && $0.contains("openssh-server") })
        // The MPI Operator's ssh settings (its base image's): no host-key prompt, no known_hosts
        // written into the read-only .ssh mount, no mode checks on it.
        let ssh = try #require(run.lines.first { $0.contains("openssh-server") })
        #expect(ssh.contains(#"sed -i "s/[ #]\(.*StrictHostKeyChecking \).*/ \1no/g" /etc/ssh/ssh_config"#), "\(ssh)")
        #expect(ssh.contains(#"echo "    UserKnownHostsFile /dev/null" >> /etc/ssh/ssh_config"#), "\(ssh)")
        #expect(ssh.contains(#"sed -i "s/#\(StrictModes \).*/\1no/g" /etc/ssh/sshd_config"#), "\(ssh)")
        let workdir = try #require(run.lines.last { $0.hasPrefix("WORKDIR ") })
        #expect(try Self.values("workingDir", in: Self.manifests[0]) == [String(workdir.dropFirst(8))])
        #expect(try Self.text(".dockerignore").split(separator: "\n").contains(".build"))
    }

    @Test("every manifest names the image the Dockerfile's header builds and mounts the claim reports-claim.yaml defines")
    func manifestsAgree() throws {
        let header = try Self.text("Dockerfile").split(separator: "\n").first { $0.contains("docker build -t ") }
        let tag = try #require(header.flatMap { $0.components(separatedBy: "docker build -t ").last?.split(separator: " ").first })
        let claim = try #require(try Self.values("name", in: ".ci/kubernetes/reports-claim.yaml").first)
        #expect(try Self.values("kind", in: ".ci/kubernetes/reports-claim.yaml") == ["PersistentVolumeClaim"])
        #expect(try Self.values("accessModes", in: ".ci/kubernetes/reports-claim.yaml") == ["[ReadWriteMany]"])
        for path in Self.manifests + [".ci/kubernetes/reports-claim.yaml"] {
            #expect(try Self.text(path).contains("Kubernetes >= 1.29"), "\(path)")
        }
        for path in Self.manifests {
            #expect(try Self.values("image", in: path) == [String(tag)], "\(path)")
            #expect(try Self.values("claimName", in: path) == [claim], "\(path)")
        }
        // The MPIJob: the same image for its launcher and its workers, the workers on the claim.
        let mpiJob = ".ci/kubernetes/nightly-wide-mpijob.yaml"
        #expect(try Self.values("image", in: mpiJob) == [String(tag), String(tag)])
        #expect(try Self.values("claimName", in: mpiJob) == [claim])
    }

    @Test("the merge Job runs outside the checkout, so it passes the baseline and the configurations the image carries")
    func mergeJob() throws {
        let args = try Self.text(".ci/kubernetes/merge-job.yaml").split(separator: "\n")
            .first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("- cardcheck merge ") }
        let command = String(try #require(args)).trimmingCharacters(in: .whitespaces)
        #expect(command.contains("--baseline /cardcheck/Models/accepted-findings.json"))
        #expect(command.contains("--models /cardcheck/Models"))
        #expect(FileManager.default.fileExists(atPath: "Models/accepted-findings.json"))
        // It reads what the shards write: /reports/shard-N/report.json.
        #expect(try Self.values("workingDir", in: ".ci/kubernetes/merge-job.yaml") == ["/reports"])
        #expect(command.contains("shard-*/report.json"))
        #expect(try Self.text(Self.manifests[0]).contains("--out \"/reports/shard-"))
        // And the distributed check's report, where the MPIJob's launcher has it written.
        let launcher = try #require(try Self.values("command", in: ".ci/kubernetes/nightly-wide-mpijob.yaml").first)
        let out = try #require(launcher.components(separatedBy: "\"--out\", \"/reports/").last?.split(separator: "\"").first)
        #expect(command.contains(" \(out)/report.json "), "\(command) does not merge \(out)/report.json")
    }
}
