/// States kept as they are: the storage of every model that does not adopt `PackedModel`.
/// Each hook is the identity or the model's own `next`, inlined into the specialized search.
public enum PlainStorage<M: Model>: StateStorage {
    public typealias Stored = M.State

    @inlinable @inline(__always)
    public static func stored(_ state: M.State, in model: M) -> M.State { state }

    @inlinable @inline(__always)
    public static func stored(_ state: M.State, after parent: M.State, _ storedParent: M.State, in model: M) -> M.State { state }

    @inlinable @inline(__always)
    public static func loaded(_ stored: M.State, in model: M) -> M.State { stored }

    @inlinable @inline(__always)
    public static func loaded(_ stored: M.State, reusing spare: inout M.State?, in model: M) -> M.State { stored }

    @inlinable @inline(__always)
    public static func next(_ state: M.State, _ action: M.Action, reusing spare: inout M.State?, in model: M) -> M.State? {
        model.next(state, action)
    }

    @inlinable @inline(__always)
    public static func recycle(_ state: M.State, into spare: inout M.State?, in model: M) {}

    public static func fingerprintScheme(of model: M) -> String { "" }

    /// A state of plain bytes (no references) is the same state in any process.
    public static var storedBytesArePortable: Bool { _isPOD(M.State.self) }
}
