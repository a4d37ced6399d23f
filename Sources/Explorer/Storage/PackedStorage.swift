/// The storage of a `PackedModel`: each hook asks the model.
public enum PackedStorage<M: PackedModel>: StateStorage, AsksPackedModel {
    public typealias Stored = M.Stored

    @inlinable @inline(__always)
    public static func stored(_ state: M.State, in model: M) -> M.Stored { model.stored(state) }

    @inlinable @inline(__always)
    public static func stored(_ state: M.State, after parent: M.State, _ storedParent: M.Stored, in model: M) -> M.Stored {
        model.stored(state, after: parent, storedParent)
    }

    @inlinable @inline(__always)
    public static func loaded(_ stored: M.Stored, in model: M) -> M.State { model.loaded(stored) }

    @inlinable @inline(__always)
    public static func loaded(_ stored: M.Stored, reusing spare: inout M.State?, in model: M) -> M.State {
        model.loaded(stored, reusing: &spare)
    }

    @inlinable @inline(__always)
    public static func next(_ state: M.State, _ action: M.Action, reusing spare: inout M.State?, in model: M) -> M.State? {
        model.next(state, action, reusing: &spare)
    }

    @inlinable @inline(__always)
    public static func recycle(_ state: M.State, into spare: inout M.State?, in model: M) {
        model.recycle(state, into: &spare)
    }

    public static func fingerprintScheme(of model: M) -> String { model.fingerprintScheme }

    public static var storedBytesArePortable: Bool { M.storedBytesArePortable }
}

/// Marks `PackedStorage`, so a search can tell a `PackedModel` whose packing would go unasked.
protocol AsksPackedModel {}

extension Model {
    /// Why this model cannot be searched as it is declared, or nil: a `PackedModel` adopted in an
    /// extension without naming its storage would be searched unpacked, its packing never asked.
    static var storageMistake: String? {
        guard Self.self is any PackedModel.Type, !(Storage.self is any AsksPackedModel.Type) else { return nil }
        return "\(Self.self) adopts PackedModel but its Storage is \(Storage.self): add `typealias Storage = PackedStorage<\(Self.self)>`"
    }
}
