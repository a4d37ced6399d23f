/// Storage: part hashes read at fixed offsets; FleetHashLayoutTests pins each offset against MemoryLayout.
///
/// Where the part hashes (`PartHasher`) read a fleet state's cells, byte offsets into each
/// cell: literals, so every read is one load at a fixed offset. `FleetHashLayoutTests` checks
/// each against `MemoryLayout` (a field added or moved fails there, not in a fingerprint).
enum FleetHashLayout {
    /// `CardContent`: working, needsInput, the rows' 8 slots, their count, more.
    static var contentRowCount: Int { 10 }
    static var contentSize: Int { 12 }

    /// `CardCell`: its content, then token and bits.
    static var cardStride: Int { 14 }

    /// `DeviceCell`: the cards' count, then app, fetched, knownDown, pushToStartToken,
    /// wakePending, needsSync, startsSinceWorld (one word); lastSynced; the cache's 4 slots and count.
    static var deviceCardCount: Int { 84 }
    static var deviceLastSynced: Int { 92 }
    static var deviceCache: Int { 105 }
    static var deviceCacheCount: Int { 109 }

    /// `PostCell` and `FleetState.Posts`: 5 bytes a POST, the list's slots.
    static var postStride: Int { 5 }
    static var postSlots: Int { 45 }

    /// `PushCell`: device, action, content (2...13), token, channel, origin, besideRegistered.
    static var pushStride: Int { 18 }
    static var pushContent: Int { 2 }
    static var pushOrigin: Int { 16 }

    /// `RegistryCell`: pushToStart's 8 slots and count, then update's; `TokenEntry` is 3 bytes.
    static var registryStride: Int { 50 }
    static var tokenStride: Int { 3 }
    static var tokenList: Int { 25 }
    static var tokenSlots: Int { 24 }

    /// `ServerCell`: memory (its content first), then loading, endedDuringLoad, resurrected and
    /// forgotSinceRegistration in 4 bytes; file and pendingLoad (each: memory, sinceMask); tick.
    static var serverFlags: Int { 16 }
    static var serverFile: Int { 20 }
    static var serverPendingLoad: Int { 35 }
    static var serverTick: Int { 52 }

    /// `TickCell`: action, content, sinceMask, targets (8 slots of 4 bytes and a count),
    /// besideRegistered, decided (its id, then its bits).
    static var tickContent: Int { 1 }
    static var tickSinceMask: Int { 13 }
    static var tickTargets: Int { 14 }
    static var tickTargetCount: Int { 46 }
    static var tickBesideRegistered: Int { 47 }
    static var tickDecidedBits: Int { 52 }
    static var targetStride: Int { 4 }

    /// `FleetState.Sessions`: 3 bytes a session (activity, duplicated, since), 4 slots.
    static var sessionStride: Int { 3 }
    static var sessionList: Int { 13 }
}
