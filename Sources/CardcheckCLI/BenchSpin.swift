import Foundation

/// Spin beside `cardcheck bench`: two-phase commit's Promela twin (`Benchmarks/two-phase-commit.pml`)
/// compiled and run as Spin's own search, so cardcheck's rate on the same protocol and the same
/// states is compared with Spin's in the same run, on the same machine.
struct BenchSpin {
    /// One way of compiling Spin's verifier: a name for the table and the C flags.
    struct Variant: Equatable {
        let name: String
        let flags: [String]
        /// Whether it stores every state whole, so its count must be cardcheck's; hash compaction
        /// may lose states to collisions (about 0.7% of them at 8 managers with -w26).
        let exact: Bool
    }

    /// Exhaustive, no partial-order reduction (cardcheck has none), full state vectors; then
    /// `-DHC4`: each state stored as a 4-word hash-compacted signature, the closer twin of
    /// cardcheck's 64-bit fingerprints.
    static let variants = [
        Variant(name: "spin", flags: ["-DSAFETY", "-DNOREDUCE"], exact: true),
        Variant(name: "spin -DHC4", flags: ["-DSAFETY", "-DNOREDUCE", "-DHC4"], exact: false),
    ]

    /// The hash table Spin is given by default (`pan -w26`: 2^26 slots), ample for 8 managers.
    static let defaultHashBits = 26

    /// The Promela model, its manager count, and the programs that build and run it.
    let model: String
    let managers: Int
    let spin: String
    let compiler: String
    /// `pan -wB`: the hash table's size (tests give smaller models a smaller table).
    var hashBits = BenchSpin.defaultHashBits

    /// What one run of Spin's verifier printed: its stored states and the search's seconds.
    struct Figures: Equatable {
        var states: Int
        var seconds: Double

        var rate: Double { seconds > 0 ? Double(states) / seconds : 0 }

        /// Reads pan's report: `N states, stored` and `pan: elapsed time T seconds`, each once,
        /// and `errors: 0` (a model that fails an assertion is not the twin); nil otherwise.
        init?(output lines: [String]) {
            var states: [Int] = [], seconds: [Double] = [], clean = false
            for line in lines {
                let words = line.split(separator: " ", omittingEmptySubsequences: true)
                if words.count == 3, words[1] == "states,", words[2] == "stored", let n = Int(words[0]), n >= 0 {
                    states.append(n)
                }
                if words.count == 5, words[0] == "pan:", words[1] == "elapsed", words[2] == "time", words[4] == "seconds",
                   let t = Double(words[3]), t.isFinite, t >= 0 {
                    seconds.append(t)
                }
                if line.contains("errors: 0") && line.hasPrefix("State-vector") { clean = true }
            }
            guard clean, states.count == 1, seconds.count == 1 else { return nil }
            self.init(states: states[0], seconds: seconds[0])
        }

        init(states: Int, seconds: Double) {
            self.states = states
            self.seconds = seconds
        }
    }

    /// `name` found on `PATH`, or nil.
    static func onPath(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Spin and a C compiler from `PATH`, or nil when either is missing (the bench then has no
    /// Spin lines and says so).
    static func installed(model: String, managers: Int) -> BenchSpin? {
        guard let spin = onPath("spin"), let cc = onPath("cc") ?? onPath("gcc") else { return nil }
        return BenchSpin(model: model, managers: managers, spin: spin, compiler: cc)
    }

    /// Generates and compiles the verifier of each variant in a fresh directory, runs `body` with
    /// a function running the variant's verifier once (nil: stopped), then removes the directory.
    func withVerifiers<T>(stop: RunStop, _ body: (_ run: (Variant) throws -> Figures?) throws -> T?) throws -> T? {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("cardcheck-spin-\(getpid())-\(UInt64.random(in: 0...UInt64.max))").path
        do { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false) } catch {
            throw CommandError.benchChildFailed("Spin run", "cannot create \(directory)")
        }
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let source = URL(fileURLWithPath: model).standardizedFileURL.path
        guard FileManager.default.isReadableFile(atPath: source) else { throw CommandError.missingFile(model) }
        let generate = "spin -a -DN=\(managers) \(model)"
        guard try BenchChild.output(spin, ["-a", "-DN=\(managers)", source], what: "run '\(generate)'", stop: stop, directory: directory) != nil
        else { return nil }
        for (i, variant) in Self.variants.enumerated() {
            let arguments = ["-O2"] + variant.flags + ["-o", "pan\(i)", "pan.c"]
            let what = "run 'cc \(arguments.joined(separator: " "))' for \(model)"
            guard try BenchChild.output(compiler, arguments, what: what, stop: stop, directory: directory) != nil else { return nil }
        }
        return try body { variant in
            guard let i = Self.variants.firstIndex(of: variant) else { return nil }
            let what = "Spin run '\(variant.name) (\(variant.flags.joined(separator: " "))) pan -w\(hashBits)'"
            guard let lines = try BenchChild.output(
                "\(directory)/pan\(i)", ["-w\(hashBits)"], what: what, stop: stop, directory: directory)
            else { return nil }
            guard let figures = Figures(output: lines) else {
                throw CommandError.benchChildFailed(what, "no clean report (errors: 0, 'N states, stored', 'pan: elapsed time T seconds') in its output")
            }
            return figures
        }
    }
}
