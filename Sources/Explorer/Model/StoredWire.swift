/// A model's own portable form of its stored states, for the distributed run's wire: what one
/// rank writes, another reads back as the same state in its own process. For a model whose
/// stored form names parts by ids only its process knows (the fleet's intern ids): each part
/// crosses to a peer once, with its bytes, and then goes by the sender's id.
///
/// Stateful per peer, so order matters: a peer reads every state written to it, in the order
/// written (`write` for peer p, then p's `read` from this rank, batch after batch).
public protocol StoredWire<Stored>: AnyObject {
    associatedtype Stored

    /// Appends `stored` to the bytes bound for rank `peer`.
    func write(_ stored: Stored, to peer: Int, into bytes: inout [UInt8])

    /// Reads the next state rank `peer` wrote for this one from `bytes` at `offset` (moved past
    /// it); nil when the bytes are not one (short, or naming a part never sent).
    func read(_ bytes: UnsafeRawBufferPointer, at offset: inout Int, from peer: Int) -> Stored?
}

/// A model with its own wire form (`StoredWire`) for the distributed run: asked once per run and
/// rank; the run uses it when its `Stored` is the model's stored form (`StateStorage.Stored`).
public protocol StoredWireModel {
    /// A new wire form for a run of `ranks` ranks (a `StoredWire` of this model's stored form).
    func storedWire(ranks: Int) -> AnyObject
}
