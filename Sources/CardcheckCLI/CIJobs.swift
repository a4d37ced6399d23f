import CIRun
import Explorer
import Foundation

/// The model side of the CI commands: configurations by stem, their guards, the baseline.
enum CIJobs {
    /// `<models>/<stem>.json` (default folder: `Models`).
    static func path(_ stem: String, models: String = "Models") -> String { "\(models)/\(stem).json" }

    static func loadBaseline(_ path: String?) throws -> Baseline {
        do {
            return try Baseline.load(path: path ?? Baseline.defaultPath)
        } catch let error as CIError {
            throw CommandError(error.description)
        }
    }

    /// The guard names of the configuration `stem`'s mutants, from its catalog entry.
    static func guardNames(_ stem: String, models: String = "Models") throws -> [String] {
        try ConfigFile(path: path(stem, models: models)).open().guardNames()
    }

    /// The guard names of a profile's mutants entry: a configuration that cannot be opened, or
    /// whose model has no guards (the entry would run nothing), is one line naming the profile
    /// file and the entry.
    static func profileGuards(_ stem: String, _ profile: CIProfiles.Profile, _ name: String, profiles: String, models: String) throws -> [String] {
        let place = profile.place(of: stem, in: name, list: "mutants") ?? "$.\(name)"
        let names = try inProfile(profiles, place) { try guardNames(stem, models: models) }
        if names.isEmpty {
            throw CommandError("\(profiles): \(place): \(path(stem, models: models)) is a model with no guards: its mutants entry would run nothing")
        }
        return names
    }

    /// `body`, its bad-input line prefixed with the profile file and the entry at `place`.
    static func inProfile<T>(_ profiles: String, _ place: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as CommandError {
            throw CommandError("\(profiles): \(place): \(error.description)")
        }
    }
}

extension CIJobs {
    /// A unit an interrupted run never started: reported, not exhaustive, so the run fails.
    static func notRun(_ unit: CIPlan.Unit, model: String, reason: String) -> JobReport {
        JobReport(
            kind: unit.kind, configuration: unit.configuration, model: model, guardName: unit.guardName,
            parts: unit.parts, partsDone: [unit.part], splitLevel: unit.parts > 1 ? unit.splitLevel : nil,
            exhaustive: false, stopReason: "not run (\(reason))", distinctStates: 0, transitions: 0,
            depthReached: 0, properties: [])
    }

    /// Fresh entropy for a nightly run's simulations (printed in the report, so `--seed` replays it).
    static func freshSeed() -> UInt64 {
        var system = SystemRandomNumberGenerator()
        return system.next()
    }
}

extension CIJobs {
    /// The accepted findings of the configuration at `path`, from `accepted-findings.json` in
    /// its folder (the one list `check`, `pr` and `nightly` judge against); nil when the folder
    /// has none.
    static func accepted(forConfiguration path: String) throws -> [ExpectedFinding]? {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let baselinePath = (path.contains("/") ? folder + "/" : "") + "accepted-findings.json"
        guard FileManager.default.fileExists(atPath: baselinePath) else { return nil }
        return try loadBaseline(baselinePath).accepted(in: stem(path)).map { ExpectedFinding(property: $0.property, reason: $0.reason) }
    }

    /// The folder of the configuration at `path` as it was given (`Models` for
    /// `Models/fleet-card.json`, `.` for a bare file name): what a report names.
    static func folder(_ path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }

    /// The configuration's name: its file's stem (`fleet-card` for `Models/fleet-card.json`).
    static func stem(_ path: String) -> String { URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent }
}

extension CIJobs {
    /// `<checkpoint dir>/<unit>.done.json`: a unit's result, once it finished.
    static func donePath(_ unit: CIPlan.Unit, in directory: String) -> String {
        directory + "/" + CIStories.slug(unit) + ".done.json"
    }

    /// A unit's result with what it was computed from, so a configuration edited between a
    /// killed run and its rerun is run again rather than kept.
    /// Checksummed as a checkpoint is: an edited marker (a violated property made to hold) is
    /// refused whole before anything runs.
    struct DoneMarker: ChecksummedJSON {
        var identity: String
        var job: JobReport
        var checksum: String?

        func canonicalBytes() -> Data {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            return (try? encoder.encode(self)) ?? Data()
        }

        /// The marker at `path`: nil when there is none; the one line when it is not whole.
        static func read(_ path: String) throws(CommandError) -> DoneMarker? {
            guard AtomicFile.notRegular(path) == nil, let data = FileManager.default.contents(atPath: path) else { return nil }
            let damaged = { (why: String) in CommandError("\(path): a damaged done marker (\(why)); remove it to run the unit again") }
            guard var marker = try? JSONDecoder().decode(DoneMarker.self, from: data) else { throw damaged("not one this cardcheck wrote") }
            if let problem = marker.checksumProblem(of: data) { throw damaged(problem) }
            marker.checksum = nil
            return marker
        }
    }

    /// What a unit's result depends on: the unit as planned, the bytes of every configuration
    /// it reads (its own and its worlds'), and for a simulation the seed.
    static func identity(_ unit: CIPlan.Unit, models: String, seed: UInt64) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var bytes = [UInt8]((try? encoder.encode(unit)) ?? Data())
        for name in [unit.configuration] + (unit.worlds ?? []) {
            bytes += [0] + Array(name.utf8) + [0] + [UInt8](FileManager.default.contents(atPath: path(name, models: models)) ?? Data())
        }
        if unit.kind == .simulate { bytes += Array("|seed \(seed)".utf8) }
        return String(Fingerprint.of(bytes: bytes), radix: 16)
    }

    /// The result a previous run of this shard wrote for `unit`, if any and if it was computed
    /// from the same unit and configurations (else the unit runs again).
    static func finished(_ unit: CIPlan.Unit, identity: String, in directory: String?) -> JobReport? {
        guard let directory, let marker = try? DoneMarker.read(donePath(unit, in: directory)), marker.identity == identity
        else { return nil }
        return marker.job
    }

    /// Records `job` as `unit`'s result; the error when it cannot be written (the shard goes
    /// on, and ends saying so).
    static func keep(_ job: JobReport, of unit: CIPlan.Unit, identity: String, in directory: String?) -> OutputError? {
        guard let directory else { return nil }
        let path = donePath(unit, in: directory)
        do {
            try OutputError.write(DoneMarker(identity: identity, job: job).checksummedBytes(), to: path)
            return nil
        } catch {
            return error
        }
    }
}

extension CIJobs {
    /// Runs `unit` on its configuration's model; a mutant unit with further worlds is tried in
    /// each in turn until one kills the guard (or a run is cut short), and is reported under the
    /// unit's own configuration, naming the world that decided it.
    static func mutantAcrossWorlds(
        _ unit: CIPlan.Unit, worlds: [RunnableModel], first: RunnableModel?, _ context: CIUnitContext
    ) throws -> JobReport {
        guard let first else { throw CommandError("\(unit.configuration): not opened") }
        guard let names = unit.worlds, !names.isEmpty else { return try first.ci(unit, context) }
        var job = try first.ci(unit, context)
        var world = unit.configuration
        for (name, model) in zip(names, worlds) where job.violated.isEmpty && job.exhaustive && !context.stop.isRaised {
            var next = unit
            next.configuration = name
            next.worlds = nil
            job = try model.ci(next, context)
            world = name
        }
        job.configuration = unit.configuration
        job.id = JobReport.id(unit.kind, unit.configuration, unit.guardName)
        job.world = world
        return job
    }
}
