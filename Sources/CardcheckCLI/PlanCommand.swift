import CIRun
import Explorer
import Foundation

/// `cardcheck plan`: the nightly matrix, for a CI engine to fan out.
enum PlanCommand {
    static let help = """
        usage: cardcheck plan [--shards N] [--format json|matrix|kubernetes] [--profile nightly|pr]
                              [--profiles FILE] [--image IMAGE] [--timings REPORT.json]
               cardcheck plan --format kubernetes --distributed NAME --ranks N [--budget N]

        Deals the profile's jobs (each configuration checked, split ones in parts, each guard's
        mutant, each simulation) to N shards, heaviest first, the same way on every machine, so
        `cardcheck nightly --shard i/N` runs exactly shard i's share.
          --format json        the plan: every unit with its shard (default)
          --format matrix      one line, {"shard":["1/N",...]}, for a CI matrix (GitHub: fromJSON)
          --format kubernetes  an Indexed Job whose completion index picks the shard
          --distributed NAME   instead, for the one configuration Models/NAME.json too big for a
                               runner: an MPIJob (kubeflow MPI Operator, v2beta1) that checks it
                               exhaustively over --ranks N worker pods with cardcheck-mpi
                               (Docs/distributed.md); --budget N sets its world-action budget
          --shards N           default: the profile's "shards" in --profiles
          --profiles FILE      default: Models/ci.json
          --models DIR         where the configurations are (default: Models)
          --image IMAGE        the container image of the Kubernetes Job (default cardcheck:latest)
          --timings REPORT     weigh each unit by the CPU seconds it took in that report (the last
                               night's merged report.json); units it lacks keep the profile's weight.
                               Give each shard the same file (`cardcheck nightly --timings`)
        Exit code: 0, or 2 on bad input.
        """

    static func run(_ arguments: [String], console: Console) throws -> Int32 {
        let args = try Arguments(
            arguments, command: "plan",
            options: ["--shards", "--format", "--profile", "--profiles", "--image", "--models", "--timings", "--distributed", "--ranks", "--budget"],
            flags: [])
        guard args.positionals.isEmpty else { throw CommandError.arguments(command: "plan", expected: "no file") }
        if let image = args.string("--image"), image.isEmpty || image.contains(where: { $0.isWhitespace || $0.asciiValue.map { $0 < 0x20 } ?? false }) {
            throw CommandError("--image must be a container image name (no spaces), got '\(StrictJSON.shortened(image))'")
        }
        if let configuration = args.string("--distributed") {
            return try distributed(configuration, args, console: console)
        }
        for flag in ["--ranks", "--budget"] where args.string(flag) != nil { throw CommandError.onlyWith(flag, "--distributed") }
        let plan = try make(args)
        switch args.string("--format") ?? "json" {
        case "json": console.print(String(decoding: plan.encoded().dropLast(), as: UTF8.self))
        case "matrix": console.print(plan.matrix)
        case "kubernetes": console.print(String(plan.kubernetesJob(image: args.string("--image") ?? "cardcheck:latest").dropLast()))
        case let other: throw CommandError("--format must be json, matrix or kubernetes, got '\(other)'")
        }
        return 0
    }

    /// `--distributed NAME`: the MPIJob of one configuration, which must open.
    static func distributed(_ configuration: String, _ args: Arguments, console: Console) throws -> Int32 {
        guard args.string("--format") == "kubernetes" else { throw CommandError.onlyWith("--distributed", "--format kubernetes") }
        // The job's name is made of it (MPIJobPlan.name): ASCII, and a letter or digit at each end,
        // or Kubernetes refuses the manifest.
        func alphanumeric(_ c: Character) -> Bool { c.isASCII && (c.isLetter || c.isNumber) }
        guard let first = configuration.first, let last = configuration.last, alphanumeric(first), alphanumeric(last),
              configuration.allSatisfy({ alphanumeric($0) || $0 == "-" || $0 == "_" })
        else {
            throw CommandError("--distributed must name a configuration in Models (ASCII letters, digits, '-' and '_', a letter or digit first and last, as a Kubernetes name needs), got '\(StrictJSON.shortened(configuration))'")
        }
        let file = try ConfigFile(path: CIJobs.path(configuration, models: args.string("--models") ?? "Models"))
        let budget = try args.integer("--budget", in: file.entry.ranges.worldBudget)
        _ = try file.open()
        guard let ranks = try args.positive("--ranks") else { throw CommandError("--distributed needs --ranks N (one rank per worker pod)") }
        guard ranks <= 10_000 else { throw CommandError("--ranks must be at most 10000, got '\(ranks)'") }
        let plan = MPIJobPlan(configuration: configuration, ranks: ranks, worldBudget: budget, image: args.string("--image") ?? "cardcheck:latest")
        console.print(String(plan.manifest.dropLast()))
        return 0
    }

    static func make(_ args: Arguments) throws -> CIPlan {
        let profiles = try loadProfiles(args.string("--profiles"))
        let name = args.string("--profile") ?? "nightly"
        guard let profile = name == "nightly" ? profiles.nightly : name == "pr" ? profiles.pr : nil else {
            throw CommandError("--profile must be nightly or pr, got '\(name)'")
        }
        let shards = try args.positive("--shards") ?? profile.shards
        guard shards <= 1000 else { throw CommandError("--shards must be at most 1000, got '\(shards)'") }
        let models = args.string("--models") ?? "Models"
        // Every configuration the profile names opens now: one missing fails the plan, not the
        // shard that would get it.
        let profilesPath = args.string("--profiles") ?? CIProfiles.defaultPath
        for configuration in CIProfiles.configurations(of: profile) {
            _ = try CIJobs.inProfile(profilesPath, profile.place(of: configuration, in: name) ?? "$.\(name)") {
                try ConfigFile(path: CIJobs.path(configuration, models: models)).open()
            }
        }
        return try CIPlan(
            profile: name, profile, shards: shards, timings: try loadTimings(args.string("--timings")),
            guards: { try CIJobs.profileGuards($0, profile, name, profiles: profilesPath, models: models) })
    }

    /// The CPU milliseconds per unit of a report (`--timings`), nil without the option.
    static func loadTimings(_ path: String?) throws -> [String: Int]? {
        guard let path else { return nil }
        do {
            return try CIReport.load(path: path).cpuMilliseconds ?? [:]
        } catch let error as CIError {
            throw CommandError(error.description)
        }
    }

    static func loadProfiles(_ path: String?) throws -> CIProfiles {
        do {
            return try CIProfiles.load(path: path ?? CIProfiles.defaultPath)
        } catch let error as CIError {
            throw CommandError(error.description)
        }
    }
}
