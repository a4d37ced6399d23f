import Synchronization
import ClassicModels
import Testing
@testable import Explorer

/// The split between the spec (`Model`) and the search's storage (`PackedModel`): a model that
/// writes only its spec is searched with its states as they are, and one adopting `PackedModel`
/// has its own packing asked, with the same answer.
@Suite struct PackedModelTests {
    @Test("the classic models conform to Model alone: their states are kept as they are")
    func classicModelsArePlain() {
        #expect(DieHard.Storage.self == PlainStorage<DieHard>.self)
        #expect(TwoPhaseCommit.Storage.self == PlainStorage<TwoPhaseCommit>.self)
        #expect(FlagMutex.Storage.self == PlainStorage<FlagMutex>.self)
        #expect(DieHard.keepsStatesUnpacked && TwoPhaseCommit.keepsStatesUnpacked)
        #expect(PlainStorage<TwoPhaseCommit>.storedBytesArePortable)
        #expect(PlainStorage<TwoPhaseCommit>.fingerprintScheme(of: TwoPhaseCommit(resourceManagers: 2)).isEmpty)
    }

    @Test("a model adopting PackedModel is searched through its packing, with the plain search's counts")
    func packedModelIsAsked() {
        #expect(PackedCounter.Storage.self == PackedStorage<PackedCounter>.self)
        #expect(!PackedCounter.keepsStatesUnpacked)
        let packed = PackedCounter()
        let report = BreadthFirstSearch(packed, options: SearchOptions(threads: 1)).run()
        let plain = BreadthFirstSearch(Counter(), options: SearchOptions(threads: 1)).run()
        #expect(report.distinctStates == plain.distinctStates && report.transitions == plain.transitions)
        #expect(packed.calls.count.withLock { $0 } > 0)
        #expect(PackedStorage<Counter>.fingerprintScheme(of: Counter(scheme: "7")) == "7")
    }
}

extension PackedModelTests {
    @Test("a PackedModel adopted in an extension without naming its storage is named as a mistake before any search")
    func storageMistake() throws {
        let mistake = try #require(LatePacked.storageMistake)
        #expect(mistake == "LatePacked adopts PackedModel but its Storage is PlainStorage<LatePacked>: add `typealias Storage = PackedStorage<LatePacked>`")
        #expect(PackedCounter.storageMistake == nil && DieHard.storageMistake == nil && Counter.storageMistake == nil)
    }
}

/// Adopts `PackedModel` in an extension and forgets its storage.
private struct LatePacked: Model {
    typealias State = Int
    typealias Action = String
    var name: String { "late" }
    func initialStates() -> [Int] { [0] }
    func actions(in s: Int) -> [String] { [] }
    func next(_ s: Int, _ a: String) -> Int? { nil }
    func kind(of a: String) -> ActionKind { .system }
    var properties: [Property<LatePacked>] { [] }
}

extension LatePacked: PackedModel {
    typealias Stored = Int
}

/// `Counter` packed into one byte, counting its packings.
private struct PackedCounter: PackedModel {
    final class Calls: Sendable { let count = Mutex(0) }
    let calls = Calls()
    let plain = Counter()

    typealias State = Counter.State
    typealias Action = Counter.Action
    var name: String { plain.name }
    func initialStates() -> [State] { plain.initialStates() }
    func actions(in s: State) -> [Action] { plain.actions(in: s) }
    func next(_ s: State, _ a: Action) -> State? { plain.next(s, a) }
    func kind(of a: Action) -> ActionKind { plain.kind(of: a) }
    var properties: [Property<PackedCounter>] { [] }

    func stored(_ s: State) -> UInt8 {
        calls.count.withLock { $0 += 1 }
        return UInt8(s.value * 16 + s.pending)
    }
    func loaded(_ p: UInt8) -> State { State(value: Int(p) / 16, pending: Int(p) % 16) }
}
