import Foundation

/// Where and how often a search writes its checkpoint (TLC's checkpoint/recover): at a level
/// boundary, at most every `interval` seconds (0: every level). A search given a checkpoint
/// file that exists resumes from it, so a killed run started again with the same command ends
/// with the report an uninterrupted run prints.
public struct SearchCheckpointing: Sendable, Equatable {
    public var path: String
    public var interval: Double

    public init(path: String, interval: Double = 300) {
        self.path = path
        self.interval = interval
    }
}

/// Why a checkpoint file cannot be resumed from: one line naming the file.
public struct CheckpointError: Error, Equatable, CustomStringConvertible {
    public let description: String
    static func unreadable(_ path: String) -> Self { Self(description: "\(path): not a cardcheck checkpoint (truncated?)") }
    static func otherRun(_ path: String) -> Self {
        Self(description: "\(path): a checkpoint of another model, configuration or bound; remove it to start afresh")
    }
}

/// A search at a level boundary: the parent links (from which the frontier's states are
/// replayed), the frontier's world-action counts, the visited fingerprints and the findings.
/// States are not stored: the model is deterministic, so a path rebuilds its state.
struct SearchCheckpoint {
    static let magic: UInt64 = 0x3154_504B_4343_4343  // "CCCCKPT1"

    var identity: UInt64
    var depth: Int
    var seconds: Double
    var parents: [UInt32]
    var actions: [UInt16]
    var frontierUsed: [UInt8]
    var keys: [UInt64]
    var findings: Findings

    /// What a checkpoint must match to be resumed: the model, its configuration and the bounds.
    static func identity<M: Model>(_ model: M, _ options: SearchOptions) -> UInt64 {
        let configuration = (try? model.configuration.data()).map { String(decoding: $0, as: UTF8.self) } ?? ""
        let partition = options.partition.map { "\($0.part)/\($0.parts)@\($0.level)" } ?? "-"
        // A symmetry-reduced run stores other keys: its checkpoint is not a full run's.
        let symmetry = options.symmetry ? "|symmetry" : ""
        // Keys of another fingerprint scheme would not match this run's states.
        let scheme = model.fingerprintScheme.isEmpty ? "" : "|fingerprint \(model.fingerprintScheme)"
        let text = "\(model.name)|\(configuration)|\(options.depthBound ?? -1)|\(options.worldBudget ?? -1)|\(partition)\(symmetry)\(scheme)"
        return Fingerprint.of(bytes: Array(text.utf8))
    }

    /// Reads `path`; nil when there is no file, an error when it is not this run's.
    static func read(path: String, identity: UInt64, properties: Int) throws -> SearchCheckpoint? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else { throw CheckpointError.unreadable(path) }
        var r = ByteReader(data: data)
        guard r.u64() == magic else { throw CheckpointError.unreadable(path) }
        guard r.u64() == identity else { throw CheckpointError.otherRun(path) }
        let depth = Int(r.u64() ?? 0)
        let seconds = Double(bitPattern: r.u64() ?? 0)
        var findings = Findings(properties: properties)
        findings.transitions = Int(r.u64() ?? 0)
        findings.beyondBound = r.u64() == 1
        guard r.u64() == UInt64(properties) else { throw CheckpointError.otherRun(path) }
        for p in 0..<properties {
            switch r.u64() {
            case 1: findings.violation[p] = .state(UInt32(r.u64() ?? 0))
            case 2: findings.violation[p] = .step(UInt32(r.u64() ?? 0), UInt16(r.u64() ?? 0))
            default: break
            }
            if r.u64() == 1 { findings.witness[p] = UInt32(r.u64() ?? 0) }
        }
        let parents: [UInt32] = r.array()
        let actions: [UInt16] = r.array()
        let used: [UInt8] = r.array()
        let keys: [UInt64] = r.array()
        // The bound cut, after the keys (a checkpoint written before it was counted has none).
        if !r.atEnd {
            findings.cutStates = Int(r.u64() ?? 0)
            for _ in 0..<min(Int(r.u64() ?? 0), 64) {
                let name: [UInt8] = r.array()
                findings.noteCut(String(decoding: name, as: UTF8.self), Int(r.u64() ?? 0))
            }
        }
        guard !r.failed, parents.count == actions.count, used.count <= parents.count else {
            throw CheckpointError.unreadable(path)
        }
        return SearchCheckpoint(
            identity: identity, depth: depth, seconds: seconds, parents: parents, actions: actions,
            frontierUsed: used, keys: keys, findings: findings)
    }

    /// Writes to a temporary file and renames it over `path`, so a kill mid-write leaves the
    /// previous checkpoint whole.
    func write(path: String) throws {
        var w = Data()
        func put(_ x: UInt64) { withUnsafeBytes(of: x.littleEndian) { w.append(contentsOf: $0) } }
        put(Self.magic)
        put(identity)
        put(UInt64(depth))
        put(seconds.bitPattern)
        put(UInt64(findings.transitions))
        put(findings.beyondBound ? 1 : 0)
        put(UInt64(findings.violation.count))
        for p in findings.violation.indices {
            switch findings.violation[p] {
            case .state(let n)?: put(1); put(UInt64(n))
            case .step(let n, let a)?: put(2); put(UInt64(n)); put(UInt64(a))
            case nil: put(0)
            }
            if let n = findings.witness[p] { put(1); put(UInt64(n)) } else { put(0) }
        }
        func putArray<T: FixedWidthInteger>(_ a: [T]) {
            put(UInt64(a.count))
            a.map(\.littleEndian).withUnsafeBytes { w.append(contentsOf: $0) }
        }
        putArray(parents)
        putArray(actions)
        putArray(frontierUsed)
        putArray(keys)
        put(UInt64(findings.boundCut.states))
        put(UInt64(findings.boundCut.refusals.count))
        for refusal in findings.boundCut.refusals {
            putArray(Array(refusal.bound.utf8))
            put(UInt64(refusal.states))
        }
        let temporary = path + ".partial"
        try w.write(to: URL(fileURLWithPath: temporary))
        // rename(2) replaces the previous checkpoint in one step: a kill at any moment leaves a
        // whole checkpoint (removing it first left a moment with none).
        guard rename(temporary, path) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }
}

/// Little-endian reads that fail softly (`failed`) on a short file.
struct ByteReader {
    let data: Data
    var offset = 0
    var failed = false

    init(data: Data) { self.data = data }

    var atEnd: Bool { offset >= data.count }

    mutating func u64() -> UInt64? {
        guard let bytes = take(8) else { return nil }
        return bytes.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
    }

    mutating func array<T: FixedWidthInteger>() -> [T] {
        guard let n = u64(), n <= UInt64(data.count), let bytes = take(Int(n) * MemoryLayout<T>.size) else {
            failed = true
            return []
        }
        return bytes.withUnsafeBytes { raw in (0..<Int(n)).map { T(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * MemoryLayout<T>.size, as: T.self)) } }
    }

    private mutating func take(_ n: Int) -> Data? {
        guard n >= 0, offset + n <= data.count else {
            failed = true
            return nil
        }
        defer { offset += n }
        return data.subdata(in: (data.startIndex + offset)..<(data.startIndex + offset + n))
    }
}
