/// A model that packs its states for speed: a small fixed-size form a level keeps instead of
/// the state (the fleet's 32 bytes for a state of arrays), and successors built in a spare
/// state rather than allocated. Adopted beside `Model`, never instead of it; the search's
/// answer is the same either way (`loaded(stored(s)) == s`), only its memory and time change.
///
/// Adopted in an extension, or beside another protocol refining `Model`, it must name
/// `typealias Storage = PackedStorage<Self>`: inference keeps `Model`'s plain default there
/// (a search refuses to start on such a model, `storageMistake`).
public protocol PackedModel: Model {
    /// The search asks this model for its packing (a default, not a constraint: a constraint
    /// naming `PackedStorage`, itself generic over `PackedModel`, is a circular reference).
    associatedtype Storage = PackedStorage<Self>
    /// The form a level keeps a state in.
    associatedtype Stored: Sendable

    /// The state as the search keeps it in a level; `loaded(stored(s)) == s`.
    func stored(_ state: State) -> Stored

    /// The state `stored` packed.
    func loaded(_ stored: Stored) -> State

    /// `stored(state)` for a successor of `parent` (kept as `storedParent`): the model may reuse
    /// the parent's packing of the parts the step left alone. The default packs `state`.
    func stored(_ state: State, after parent: State, _ storedParent: Stored) -> Stored

    /// `loaded(stored)`, free to build the state in what `spare` holds (the successor spare a
    /// search keeps from the state it expanded before) rather than allocate; the default ignores it.
    func loaded(_ stored: Stored, reusing spare: inout State?) -> State

    /// `next(state, action)`, free to build the successor in `spare` (a successor the caller has
    /// done with, handed back by `recycle`) rather than allocate; the default ignores it.
    func next(_ state: State, _ action: Action, reusing spare: inout State?) -> State?

    /// Keeps `state` (a successor the caller has done with) in `spare` when the model can build
    /// the next one in it (`next(_:_:reusing:)`); the default drops it.
    func recycle(_ state: State, into spare: inout State?)

    /// Names the way `fingerprint(of:)` is computed when it changed since checkpoints were first
    /// written ("" by default): a checkpoint's visited keys resume only with the same scheme.
    var fingerprintScheme: String { get }

    /// Whether a stored state's bytes are the same state in another process of the same
    /// configuration (no intern ids, no pointers). By default, when the stored form is the state
    /// itself and holds no references.
    static var storedBytesArePortable: Bool { get }
}

extension PackedModel {
    public func stored(_ state: State, after parent: State, _ storedParent: Stored) -> Stored { stored(state) }
    public func loaded(_ stored: Stored, reusing spare: inout State?) -> State { loaded(stored) }
    public func next(_ state: State, _ action: Action, reusing spare: inout State?) -> State? { next(state, action) }
    public func recycle(_ state: State, into spare: inout State?) {}
    public var fingerprintScheme: String { "" }
    public static var storedBytesArePortable: Bool { Stored.self == State.self && _isPOD(State.self) }
}

extension PackedModel where Stored == State {
    /// A model adopting `PackedModel` only to name its fingerprint scheme or reuse spares keeps
    /// its states as they are.
    @inlinable public func stored(_ state: State) -> State { state }
    @inlinable public func loaded(_ stored: State) -> State { stored }
}
