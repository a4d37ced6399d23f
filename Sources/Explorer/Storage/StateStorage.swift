/// How the search keeps a model's states between levels and builds their successors: the
/// engine's side of a model, apart from its spec. A model never writes one: `PlainStorage`
/// keeps states as they are (every model by default), `PackedStorage` asks a `PackedModel`.
///
/// Static, with the model passed in, so a specialized search calls straight into the model:
/// no storage value is made or copied per state.
public protocol StateStorage<M>: Sendable {
    associatedtype M: Model
    /// The form a level keeps a state in.
    associatedtype Stored: Sendable

    /// The state as the search keeps it in a level; `loaded(stored(s)) == s`.
    static func stored(_ state: M.State, in model: M) -> Stored

    /// `stored(state)` for a successor of `parent` (kept as `storedParent`).
    static func stored(_ state: M.State, after parent: M.State, _ storedParent: Stored, in model: M) -> Stored

    /// The state `stored` packed.
    static func loaded(_ stored: Stored, in model: M) -> M.State

    /// `loaded(stored)`, free to build the state in what `spare` holds.
    static func loaded(_ stored: Stored, reusing spare: inout M.State?, in model: M) -> M.State

    /// `model.next(state, action)`, free to build the successor in `spare`.
    static func next(_ state: M.State, _ action: M.Action, reusing spare: inout M.State?, in model: M) -> M.State?

    /// Keeps `state` (a successor the caller has done with) in `spare` when the model can reuse it.
    static func recycle(_ state: M.State, into spare: inout M.State?, in model: M)

    /// Names the way `model.fingerprint(of:)` is computed ("" unless a packing model says).
    static func fingerprintScheme(of model: M) -> String

    /// Whether a stored state's bytes are the same state in another process of the same
    /// configuration (no intern ids, no pointers): the distributed run then sends them as they are.
    static var storedBytesArePortable: Bool { get }
}

extension Model {
    /// Whether the search keeps this model's states as they are, not packed (`Stored` is
    /// `State`): testing a successor against the visited table before its insert then saves no
    /// packing, only costs a cache miss, and the levels defer the test to the insert.
    static var keepsStatesUnpacked: Bool { Storage.Stored.self == State.self }
}
