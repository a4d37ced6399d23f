import CIRun
import Foundation
import Testing

/// The MPIJob `cardcheck plan --format kubernetes --distributed` writes: valid against the
/// v2beta1 CRD's fields (a schema written from them: kubernetes-validate does not know the
/// resource), its pod templates valid Pods at Kubernetes 1.29 (the oldest supported) and the
/// newest kubernetes-validate knows, and a broken one refused.
@Suite struct MPIJobPlanTests {
    static let schema = "Schemas/mpijob-v2beta1.schema.json"
    static let committed = ".ci/kubernetes/nightly-wide-mpijob.yaml"

    @Test("the committed MPIJob fits the v2beta1 schema; a job with a misspelt or ill-typed field does not")
    func mpiJobFitsTheCRDSchema() throws {
        let result = try LintTests.run("check-jsonschema", ["--schemafile", Self.schema, Self.committed])
        #expect(result.code == 0, "\(result.output)")
        let text = try String(contentsOfFile: Self.committed, encoding: .utf8)
        for broken in [text.replacingOccurrences(of: "slotsPerWorker: 1", with: "slotsPerWorker: one"),
                       text.replacingOccurrences(of: "mpiImplementation: OpenMPI", with: "mpiImplementation: OpenMPl"),
                       text.replacingOccurrences(of: "    Worker:", with: "    Workers:"),
                       text.replacingOccurrences(of: "cleanPodPolicy: Running", with: "cleanPodPolicy: Sometimes")] {
            #expect(broken != text)
            let path = try LintTests.scratch("mpijob.yaml", broken)
            defer { try? FileManager.default.removeItem(atPath: path) }
            #expect(try LintTests.run("check-jsonschema", ["--schemafile", Self.schema, path]).code != 0, "\(broken.prefix(0))")
        }
    }

    @Test("the launcher's and the workers' pod templates are valid Pods at Kubernetes 1.29 and the newest kubernetes-validate knows; a broken one is not")
    func podTemplatesAreValidPods() throws {
        let plan = MPIJobPlan(configuration: "fleet-card-nightly-wide", ranks: 16, worldBudget: 3)
        let paths = try plan.podManifests.enumerated().map { try LintTests.scratch("pod-\($0.offset).yaml", $0.element) }
        defer { for p in paths { try? FileManager.default.removeItem(atPath: p) } }
        // Without -k, kubernetes-validate validates against the newest version it knows.
        for version in [["-k", LintTests.oldestKubernetes], []] {
            let result = try LintTests.run("kubernetes-validate", ["--strict"] + version + paths)
            #expect(result.code == 0, "\(result.output)")
        }
        let broken = try LintTests.scratch("pod.yaml", plan.podManifests[1].replacingOccurrences(of: "mountPath:", with: "mountpath:"))
        defer { try? FileManager.default.removeItem(atPath: broken) }
        #expect(try LintTests.run("kubernetes-validate", ["--strict", "-k", LintTests.oldestKubernetes, broken]).code != 0)
        // The job embeds exactly these templates.
        let job = plan.manifest
        for pod in plan.podManifests {
            let container = pod.split(separator: "\n").drop { !$0.hasPrefix("spec:") }.dropFirst()
            for line in container { #expect(job.contains("        " + line), "\(line)") }
        }
    }

    @Test("the launcher runs cardcheck-mpi check on the configuration over one rank per worker, its report files and checkpoints on the claim")
    func launcherCommand() {
        let plan = MPIJobPlan(configuration: "fleet-card-nightly-wide", ranks: 16, worldBudget: 3)
        #expect(plan.name == "cardcheck-mpi-fleet-card-nightly-wide")
        #expect(plan.command == [
            "mpirun", "--allow-run-as-root", "--bind-to", "none", "--mca", "odls_base_sigkill_timeout", "30", "-np", "16",
            "cardcheck-mpi", "check", "Models/fleet-card-nightly-wide.json", "--budget", "3",
            "--out", "/reports/cardcheck-mpi-fleet-card-nightly-wide",
            "--checkpoint", "/reports/cardcheck-mpi-fleet-card-nightly-wide-checkpoint", "--checkpoint-interval", "1800",
        ])
        #expect(plan.manifest.contains("    Worker:\n      replicas: 16\n"))
    }
}
