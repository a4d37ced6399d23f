/// Storage: a level's state is 32 bytes; FleetCodecTests pins that it loads back to the state it was.
///
/// A fleet state as the search keeps it between levels: eight 32-bit words, no arrays, strings
/// or FleetCard values inside. Each word names a part of the state in one of the model's
/// intern tables (`FleetCodec`): per-level storage costs 32 bytes a state, and the parts
/// themselves are held once however many states share them.
public struct PackedFleetState: Hashable, Sendable, BitwiseCopyable {
    /// 0: sessions and hostsDown; 1: servers; 2: registries; 3: posts and
    /// pushes in flight; 4...7: one device each (or, past four phones, all of them in word 4).
    var words: SIMD8<UInt32>
}
