import FleetCard
import Testing
@testable import FleetModel

/// The part hashes read cells as bytes at fixed offsets (`FleetHashLayout`): the offsets are
/// the compiler's, and only canonical bytes reach a hash (unused slots and absent payloads,
/// filled with junk here, change none).
@Suite("FleetHashLayout")
struct FleetHashLayoutTests {
    typealias L = FleetHashLayout

    @Test("every offset the part hashes read is the field's")
    func offsets() {
        #expect(MemoryLayout<CardContent>.offset(of: \.working) == 0)
        #expect(MemoryLayout<CardContent>.offset(of: \.needsInput) == 1)
        #expect(MemoryLayout<CardContent>.offset(of: \.rows) == 2)
        #expect(MemoryLayout<FixedList<8, UInt8>>.offset(of: \.storage) == 0)
        #expect(2 + MemoryLayout<FixedList<8, UInt8>>.offset(of: \.length)! == L.contentRowCount)
        #expect(MemoryLayout<CardContent>.offset(of: \.more) == 11)
        #expect(MemoryLayout<CardContent>.size == L.contentSize)

        #expect(MemoryLayout<CardCell>.stride == L.cardStride)
        #expect(MemoryLayout<CardCell>.offset(of: \.content) == 0)
        #expect(MemoryLayout<CardCell>.offset(of: \.token) == 12 && MemoryLayout<CardCell>.offset(of: \.bits) == 13)

        typealias D = DeviceCell
        #expect(MemoryLayout<FixedList<6, CardCell>>.offset(of: \.storage) == 0)
        #expect(MemoryLayout<D>.offset(of: \.cards) == 0)
        #expect(MemoryLayout<FixedList<6, CardCell>>.offset(of: \.length) == L.deviceCardCount)
        let tail: [PartialKeyPath<D>] = [
            \.app, \.fetched, \.knownDown, \.pushToStartToken, \.wakePending, \.needsSync, \.startsSinceWorld,
        ]
        #expect(tail.map { MemoryLayout<D>.offset(of: $0) } == (1...7).map { L.deviceCardCount + $0 })
        #expect(MemoryLayout<D>.offset(of: \.lastSynced) == L.deviceLastSynced)
        #expect(MemoryLayout<D>.offset(of: \.cache) == L.deviceCache)
        #expect(MemoryLayout<FixedList<4, Activity>>.offset(of: \.storage) == 0)
        #expect(L.deviceCache + MemoryLayout<FixedList<4, Activity>>.offset(of: \.length)! == L.deviceCacheCount)
        #expect(MemoryLayout<D>.size == L.deviceCacheCount + 1)
        // The tail word holds lastSynced's row count and more, its tag, then the cache.
        #expect(L.deviceLastSynced + L.contentSize + 1 == L.deviceCache)

        #expect(MemoryLayout<PostCell>.stride == L.postStride)
        #expect(MemoryLayout<FleetState.Posts>.offset(of: \.storage) == 0)
        #expect(MemoryLayout<FleetState.Posts>.offset(of: \.length) == L.postSlots)

        typealias P = PushCell
        #expect(MemoryLayout<P>.stride == L.pushStride)
        #expect(MemoryLayout<FleetState.Pushes>.offset(of: \.storage) == 0)
        let push: [PartialKeyPath<P>] = [\.device, \.action, \.content, \.token, \.channel, \.origin, \.besideRegistered]
        #expect(push.map { MemoryLayout<P>.offset(of: $0) } == [0, 1, L.pushContent, 14, 15, L.pushOrigin, 17])

        #expect(MemoryLayout<RegistryCell>.stride == L.registryStride)
        #expect(MemoryLayout<FleetState.Registries>.offset(of: \.storage) == 0)
        #expect(MemoryLayout<RegistryCell>.offset(of: \.pushToStart) == 0)
        #expect(MemoryLayout<RegistryCell>.offset(of: \.update) == L.tokenList)
        #expect(MemoryLayout<FleetState.Tokens>.offset(of: \.storage) == 0)
        #expect(MemoryLayout<FleetState.Tokens>.offset(of: \.length) == L.tokenSlots)
        #expect(MemoryLayout<FleetState.Tokens>.size == L.tokenList)
        #expect(MemoryLayout<TokenEntry>.stride == L.tokenStride)

        typealias S = ServerCell
        #expect(MemoryLayout<FleetState.Servers>.offset(of: \.storage) == 0)
        #expect(MemoryLayout<S>.offset(of: \.memory) == 0)
        let flags: [PartialKeyPath<S>] = [\.loading, \.endedDuringLoad, \.resurrected, \.forgotSinceRegistration]
        #expect(flags.map { MemoryLayout<S>.offset(of: $0) } == (0..<4).map { L.serverFlags + $0 })
        #expect(MemoryLayout<S>.offset(of: \.file) == L.serverFile)
        #expect(MemoryLayout<S>.offset(of: \.pendingLoad) == L.serverPendingLoad)
        #expect(MemoryLayout<S>.offset(of: \.tick) == L.serverTick)
        #expect(MemoryLayout<PersistedCell>.offset(of: \.memory) == 0)

        typealias T = TickCell
        #expect(MemoryLayout<T>.offset(of: \.content) == L.tickContent)
        #expect(MemoryLayout<T>.offset(of: \.sinceMask) == L.tickSinceMask)
        #expect(MemoryLayout<T>.offset(of: \.targets) == L.tickTargets)
        #expect(MemoryLayout<FleetState.Targets>.offset(of: \.storage) == 0)
        #expect(L.tickTargets + MemoryLayout<FleetState.Targets>.offset(of: \.length)! == L.tickTargetCount)
        #expect(MemoryLayout<T>.offset(of: \.besideRegistered) == L.tickBesideRegistered)
        #expect(MemoryLayout<T>.offset(of: \.decided)! + MemoryLayout<DecidedTick>.offset(of: \.bits)! == L.tickDecidedBits)
        #expect(MemoryLayout<TargetCell>.stride == L.targetStride)

        #expect(MemoryLayout<SessionCell>.stride == L.sessionStride)
        #expect(MemoryLayout<FleetState.Sessions>.offset(of: \.storage) == 0)
        #expect(MemoryLayout<FleetState.Sessions>.size == L.sessionList)
    }

    @Test("an enum's or optional's payload is at its start")
    func payloads() {
        let content = CardContent(working: 1, needsInput: 2, rows: [3, 4, 5], more: 6)
        var memory = CardMemory.card(content)
        var synced: CardContent? = content
        var file: PersistedCell? = PersistedCell(memory: memory, sinceMask: 7)
        let bytes = withUnsafeBytes(of: content) { Array($0) }
        #expect(withUnsafeBytes(of: &memory) { Array($0.prefix(L.contentSize)) } == bytes)
        #expect(withUnsafeBytes(of: &synced) { Array($0.prefix(L.contentSize)) } == bytes)
        #expect(withUnsafeBytes(of: &file) { Array($0.prefix(L.contentSize)) } == bytes)
    }

    /// The part hashes of `c`, each computed afresh.
    func hashes(_ c: FleetState.Cells) -> [UInt64] {
        var cells = c
        return withUnsafeMutablePointer(to: &cells) { p in
            [
                FleetSystem.worldHash(p), FleetSystem.serversHash(p), FleetSystem.registriesHash(p),
                FleetSystem.inFlightHash(p),
            ]
                + withUnsafePointer(to: &p.pointee.devices) { d in
                    (0..<d.pointee.count).map { FleetSystem.deviceHash(FixedList.element(d, $0)) }
                }
        }
    }

    @Test("junk in unused slots and absent payloads changes no part hash")
    func canonical() {
        let base = FleetFingerprintFieldTests().full()
        var cells = base.cells.pointee
        let clean = hashes(cells)
        // Every byte the state's values do not use: each list's slots past its count, each
        // card's rows past theirs, the payload of every absent optional or empty memory.
        func junk(_ p: UnsafeMutableRawPointer, _ range: Range<Int>) {
            for k in range { p.storeBytes(of: 0xA7, toByteOffset: k, as: UInt8.self) }
        }
        func junkRows(_ content: UnsafeMutableRawPointer) {
            let n = Int(content.load(fromByteOffset: L.contentRowCount, as: UInt8.self))
            junk(content, (2 + n)..<L.contentRowCount)
        }
        withUnsafeMutablePointer(to: &cells) { c in
            withUnsafeMutableBytes(of: &c.pointee.sessions) {
                junk($0.baseAddress!, (L.sessionStride * c.pointee.sessions.count)..<(L.sessionList - 1))
            }
            withUnsafeMutableBytes(of: &c.pointee.devices) { raw in
                for d in 0..<c.pointee.devices.count {
                    let p = raw.baseAddress! + d * MemoryLayout<DeviceCell>.stride
                    let device = c.pointee.devices[d]
                    for k in 0..<device.cards.count { junkRows(p + L.cardStride * k) }
                    junk(p, (L.cardStride * device.cards.count)..<L.deviceCardCount)
                    if device.lastSynced == nil {
                        junk(p + L.deviceLastSynced, 0..<L.contentSize)
                    } else {
                        junkRows(p + L.deviceLastSynced)
                    }
                    junk(p, (L.deviceCache + device.cache.count)..<L.deviceCacheCount)
                }
                // The second phone's slot, when unused, and the list's.
                junk(raw.baseAddress!, (c.pointee.devices.count * MemoryLayout<DeviceCell>.stride)..<(raw.count - 1))
            }
            withUnsafeMutableBytes(of: &c.pointee.posts) {
                junk($0.baseAddress!, (L.postStride * c.pointee.posts.count)..<L.postSlots)
            }
            withUnsafeMutableBytes(of: &c.pointee.pushes) { raw in
                for k in 0..<c.pointee.pushes.count { junkRows(raw.baseAddress! + L.pushStride * k + L.pushContent) }
                junk(raw.baseAddress!, (L.pushStride * c.pointee.pushes.count)..<(raw.count - 1))
            }
            withUnsafeMutableBytes(of: &c.pointee.registries) { raw in
                for r in 0..<c.pointee.registries.count {
                    let p = raw.baseAddress! + L.registryStride * r
                    junk(p, (L.tokenStride * c.pointee.registries[r].pushToStart.count)..<L.tokenSlots)
                    junk(p + L.tokenList, (L.tokenStride * c.pointee.registries[r].update.count)..<L.tokenSlots)
                }
            }
            withUnsafeMutableBytes(of: &c.pointee.servers) { raw in
                for s in 0..<c.pointee.servers.count {
                    let p = raw.baseAddress! + MemoryLayout<ServerCell>.stride * s
                    let server = c.pointee.servers[s]
                    if case .card = server.memory { junkRows(p) } else { junk(p, 0..<L.contentSize) }
                    if server.vetoMask == nil { junk(p, 14..<15) }
                    for (at, file) in [(L.serverFile, server.file), (L.serverPendingLoad, server.pendingLoad)] {
                        if case .card? = file?.memory { junkRows(p + at) } else { junk(p + at, 0..<L.contentSize) }
                    }
                    if let tick = server.tick {
                        junkRows(p + L.serverTick + L.tickContent)
                        let targets = p + L.serverTick + L.tickTargets
                        junk(targets, (L.targetStride * tick.targets.count)..<(L.tickTargetCount - L.tickTargets))
                    }
                }
            }
        }
        #expect(cells == base.cells.pointee, "the junk changed a value")
        #expect(hashes(cells) == clean)
        // The junk is there: the bytes differ.
        #expect(withUnsafeBytes(of: &cells) { Array($0) } != withUnsafeBytes(of: base.cells.pointee) { Array($0) })
    }
}
