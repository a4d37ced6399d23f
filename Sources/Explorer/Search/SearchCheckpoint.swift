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
    static func olderFormat(_ path: String) -> Self {
        Self(description: "\(path): a checkpoint of an older cardcheck; remove it to start afresh")
    }
    static func damaged(_ path: String, _ what: String) -> Self {
        Self(description: "\(path): a damaged checkpoint (\(what)); remove it to start afresh")
    }
    static func cannotWrite(_ path: String) -> Self { Self(description: "\(path): cannot write the checkpoint") }
}

/// A search at a level boundary: the parent links (from which the frontier's states are
/// replayed), the frontier's world-action counts, the visited fingerprints and the findings.
/// States are not stored: the model is deterministic, so a path rebuilds its state.
///
/// The file is external input when read back: it ends with a checksum of every byte before
/// it, and every field is range-checked (`read`), so a damaged file is refused whole.
struct SearchCheckpoint {
    static let magic: UInt64 = 0x3354_504B_4343_4343  // "CCCCKPT3"
    /// The earlier formats, refused as an older cardcheck's: the first (no checksum), and the
    /// second (32-bit parent links, `UInt32.max` the root: read as 40-bit ones they would be wrong).
    static let olderMagics: [UInt64] = [0x3154_504B_4343_4343, 0x3254_504B_4343_4343]
    /// Bound names kept per checkpoint, as `BoundCut` keeps them.
    static let maxCutBounds = 64

    var identity: UInt64
    var depth: Int
    var seconds: Double
    var parents: [NodeID]
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
        let named = M.Storage.fingerprintScheme(of: model)
        let scheme = named.isEmpty ? "" : "|fingerprint \(named)"
        let text = "\(model.name)|\(configuration)|\(options.depthBound ?? -1)|\(options.worldBudget ?? -1)|\(partition)\(symmetry)\(scheme)"
        return Fingerprint.of(bytes: Array(text.utf8))
    }

    /// A checksum of `bytes`, word by word (a kill or a flipped bit changes it).
    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var h: UInt64 = 0x243F_6A88_85A3_08D3 ^ UInt64(bytes.count)
        var i = 0
        while i + 8 <= bytes.count {
            h = Fingerprint.mix(h ^ bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self).littleEndian) &+ 0x9E37_79B9_7F4A_7C15
            i += 8
        }
        while i < bytes.count {
            h = Fingerprint.mix(h ^ UInt64(bytes[i])) &+ 0x9E37_79B9_7F4A_7C15
            i += 1
        }
        return Fingerprint.mix(h)
    }

    /// Reads `path`; nil when there is no file, an error when it is not this run's or is
    /// damaged. Checks what the file alone can say (the checksum, every count and index in
    /// range, parents before children); `BreadthFirstSearch.loadCheckpoint` replays the rest.
    static func read(path: String, identity: UInt64?, properties: Int?) throws(CheckpointError) -> SearchCheckpoint? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let data = FileManager.default.contents(atPath: path), data.count >= 8 else { throw .unreadable(path) }
        var r = ByteReader(data: data.prefix(data.count - 8))
        let magic = data.prefix(8).withUnsafeBytes { $0.loadUnaligned(as: UInt64.self).littleEndian }
        if Self.olderMagics.contains(magic) { throw .olderFormat(path) }
        guard magic == Self.magic, data.count >= 32 else { throw .unreadable(path) }
        _ = r.u64()
        // The length the writer meant: a file cut short says so, not just "damaged".
        guard r.u64() == UInt64(data.count) else { throw .unreadable(path) }
        let stored = data.suffix(8).withUnsafeBytes { $0.loadUnaligned(as: UInt64.self).littleEndian }
        guard r.data.withUnsafeBytes(checksum) == stored else { throw .damaged(path, "checksum mismatch") }
        let saved = r.u64() ?? 0
        if let identity, saved != identity { throw .otherRun(path) }
        do {
            return try parse(&r, identity: saved, properties: properties, path: path)
        } catch let error as CheckpointError {
            throw error
        } catch {
            throw .unreadable(path)
        }
    }

    private static func parse(
        _ r: inout ByteReader, identity: UInt64, properties expected: Int?, path: String
    ) throws -> SearchCheckpoint {
        func field(_ name: String, max: Int) throws -> Int {
            let raw = try r.word()
            guard raw <= UInt64(max) else { throw CheckpointError.damaged(path, "\(name) \(raw) out of range") }
            return Int(raw)
        }
        let depth = try field("depth", max: Int(UInt32.max))
        let seconds = Double(bitPattern: try r.word())
        guard seconds.isFinite, seconds >= 0 else { throw CheckpointError.damaged(path, "elapsed time \(seconds)") }
        let transitions = try field("transitions", max: Int.max / 2)
        let beyondBound = try field("beyond-bound flag", max: 1) == 1
        let properties = try field("property count", max: 4096)
        if let expected, properties != expected { throw CheckpointError.otherRun(path) }
        var findings = Findings(properties: properties)
        findings.transitions = transitions
        findings.beyondBound = beyondBound
        try findings.readViolations(node: NodeIDs.cap - 1) { try field($0, max: $1) }
        // Parent links as two columns: the low 32 bits, then the high 8.
        guard let parents = try NodeIDColumn(low: r.array(), high: r.array())?.array else {
            throw CheckpointError.damaged(path, "parent columns of different lengths")
        }
        let actions: [UInt16] = try r.array()
        let used: [UInt8] = try r.array()
        let keys: [UInt64] = try r.array()
        findings.cutStates = try field("cut states", max: Int.max / 2)
        let cuts = try field("cut bound count", max: maxCutBounds)
        for _ in 0..<cuts {
            let name: [UInt8] = try r.array()
            guard let text = String(validating: name, as: UTF8.self), !text.isEmpty, !findings.cutBounds.contains(text) else {
                throw CheckpointError.damaged(path, "a bound name")
            }
            findings.noteCut(text, try field("cut count", max: Int.max / 2))
        }
        guard r.atEnd else { throw CheckpointError.damaged(path, "bytes after the last field") }
        try check(parents: parents, actions: actions, used: used, keys: keys, findings: findings, path: path)
        return SearchCheckpoint(
            identity: identity, depth: depth, seconds: seconds, parents: parents, actions: actions,
            frontierUsed: used, keys: keys, findings: findings)
    }

    /// The graph is a breadth-first tree: the initial states first (parent `root`), every other
    /// node's parent an earlier node, so there is no cycle and no index past the graph.
    private static func check(
        parents: [NodeID], actions: [UInt16], used: [UInt8], keys: [UInt64], findings: Findings, path: String
    ) throws(CheckpointError) {
        let n = parents.count
        guard n > 0, n <= NodeIDs.cap, actions.count == n else { throw .damaged(path, "\(n) parents, \(actions.count) actions") }
        guard used.count <= n, keys.count >= n else {
            throw .damaged(path, "\(used.count) frontier states, \(keys.count) keys for \(n) states")
        }
        guard parents[0] == SearchGraph.root else { throw .damaged(path, "node 0 is not an initial state") }
        var roots = true
        for i in 1..<n {
            if parents[i] == SearchGraph.root {
                guard roots else { throw .damaged(path, "initial state at node \(i), after the first level") }
            } else {
                roots = false
                guard Int(parents[i]) < i else { throw .damaged(path, "node \(i)'s parent \(parents[i]) is not before it") }
            }
        }
        let nodes = findings.violation.flatMap { found -> [NodeID] in
            switch found {
            case .state(let node)?, .step(let node, _)?: [node]
            case nil: []
            }
        } + findings.witness.compactMap { $0 }
        if let bad = nodes.first(where: { Int($0) >= n }) { throw .damaged(path, "finding at node \(bad) of \(n)") }
    }

    /// The file's bytes: the fields, then their checksum.
    func encoded() -> Data {
        var w = Data()
        func put(_ x: UInt64) { withUnsafeBytes(of: x.littleEndian) { w.append(contentsOf: $0) } }
        put(Self.magic)
        put(0)  // the file's length, set below
        put(identity)
        put(UInt64(depth))
        put(seconds.bitPattern)
        put(UInt64(findings.transitions))
        put(findings.beyondBound ? 1 : 0)
        put(UInt64(findings.violation.count))
        findings.putViolations(put)
        func putArray<T: FixedWidthInteger>(_ a: [T]) {
            put(UInt64(a.count))
            a.map(\.littleEndian).withUnsafeBytes { w.append(contentsOf: $0) }
        }
        let links = NodeIDColumn(parents)
        putArray(links.lowWords)
        putArray(links.highBytes)
        putArray(actions)
        putArray(frontierUsed)
        putArray(keys)
        put(UInt64(findings.boundCut.states))
        let refusals = findings.boundCut.refusals.prefix(Self.maxCutBounds)
        put(UInt64(refusals.count))
        for refusal in refusals {
            putArray(Array(refusal.bound.utf8))
            put(UInt64(refusal.states))
        }
        let length = UInt64(w.count + 8).littleEndian
        withUnsafeBytes(of: length) { w.replaceSubrange(8..<16, with: $0) }
        put(w.withUnsafeBytes(Self.checksum))
        return w
    }

    /// Writes to a temporary file and renames it over `path`, so a kill mid-write leaves the
    /// previous checkpoint whole; a write that fails leaves no temporary file.
    func write(path: String) throws(CheckpointError) {
        do {
            try AtomicFile.write(encoded(), to: path)
        } catch {
            throw error.notRegular.map { CheckpointError(description: AtomicFile.notRegularLine(path, $0)) } ?? .cannotWrite(path)
        }
    }
}

/// A checkpoint file checked on its own (its checksum and fields), before the search it belongs
/// to is built: a command can refuse a damaged one before running anything.
public enum CheckpointFile {
    /// Why the file at `path` cannot be a checkpoint; nil when there is none or it is whole.
    public static func problem(at path: String) -> CheckpointError? {
        do {
            _ = try SearchCheckpoint.read(path: path, identity: nil, properties: nil)
            return nil
        } catch {
            return error
        }
    }
}
