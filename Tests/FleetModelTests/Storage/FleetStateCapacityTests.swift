import Foundation
import Testing
import FleetCard
@testable import FleetModel

/// The inline lists of a fleet state hold the most any legal configuration can put in them, so
/// a configuration can never overflow one; a trace that claims more is refused, not truncated.
@Suite("FleetState capacities")
struct FleetStateCapacityTests {
    @Test("each inline list holds the most the configuration's ranges allow")
    func capacities() {
        #expect(FleetState.rowCapacity == FixedList<8, UInt8>.capacityValue)
        #expect(FleetState.rowCapacity >= 2 * FleetConfig.sessionCount.upperBound)
        #expect(FleetState.cacheCapacity >= FleetConfig.sessionCount.upperBound)
        #expect(FleetState.cacheCapacity == FixedList<4, Activity>.capacityValue)
        #expect(FleetState.cardCapacity >= FleetConfig.maxCardsRange.upperBound)
        #expect(FleetState.cardCapacity == FixedList<6, CardCell>.capacityValue)
        #expect(FleetState.Sessions.capacityValue >= FleetConfig.sessionCount.upperBound)
        #expect(FleetState.serverCapacity == FleetState.Servers.capacityValue)
        #expect(FleetState.serverCapacity >= FleetConfig.hostRange.upperBound + 1)
        #expect(FleetState.registryCapacity == FleetState.Registries.capacityValue)
        #expect(FleetState.registryCapacity >= FleetConfig.hostRange.upperBound)
        #expect(FleetState.deviceCapacity == FleetState.Devices.capacityValue)
        #expect(FleetState.deviceCapacity >= FleetConfig.deviceCount.upperBound)
        // An in-flight list holds its bound plus what one step adds before the bound refuses it.
        #expect(FleetState.pushCapacity == FleetState.Pushes.capacityValue)
        #expect(FleetState.pushCapacity >= FleetConfig.inFlightRange.upperBound + FleetConfig.deviceCount.upperBound)
        #expect(FleetState.postCapacity == FleetState.Posts.capacityValue)
        // POSTs past it only mark the step refused (`FleetState.post`): one more than the bound.
        #expect(FleetState.postCapacity >= FleetConfig.inFlightRange.upperBound + 1)
        #expect(FleetState.tokenCapacity == FleetState.Tokens.capacityValue)
        #expect(FleetState.tokenCapacity == FleetState.Targets.capacityValue)
        #expect(FleetState.tokenCapacity >= 2 * TokenRegistry.maxPushToStartPerEnv)
    }

    @Test("a state's cells are plain bytes: copying them counts no reference")
    func plainBytes() {
        #expect(_isPOD(FleetState.Cells.self))
        // A box's cells are found from its header as from the box.
        let box = FleetSystem(config: Fixture.config()).initialStates()[0].box
        #expect(FleetStateBox.cells(of: box.head) == box.cells)
        #expect(_isPOD(PackedFleetState.self))
    }

    @Test("a server cell's memo bytes hold every field but the tick, with no padding among them")
    func serverCellBytes() {
        typealias L = MemoryLayout<ServerCell>
        let bytes = FleetSystem.serverCellBytes
        let fields: [(offset: Int?, size: Int)] = [
            (L.offset(of: \.memory), MemoryLayout<CardMemory>.size), (L.offset(of: \.sinceMask), 1),
            (L.offset(of: \.vetoMask), MemoryLayout<UInt8?>.size), (L.offset(of: \.loading), 1),
            (L.offset(of: \.endedDuringLoad), 1), (L.offset(of: \.resurrected), 1),
            (L.offset(of: \.forgotSinceRegistration), 1), (L.offset(of: \.file), MemoryLayout<PersistedCell?>.size),
            (L.offset(of: \.pendingLoad), MemoryLayout<PersistedCell?>.size),
        ]
        for field in fields { #expect((field.offset ?? bytes) + field.size <= bytes) }
        #expect(fields.map(\.size).reduce(0, +) == bytes)
        #expect((L.offset(of: \.tick) ?? 0) >= bytes)
        #expect(bytes <= 7 * 8)
    }

    @Test("a POST past the list's capacity marks the step refused by maxPostsInFlight")
    func postOverflow() {
        var config = Fixture.config()
        config.bounds.maxPostsInFlight = FleetConfig.inFlightRange.upperBound
        config.bounds.maxPushesInFlight = 1
        let model = FleetSystem(config: config)
        var s = model.initialStates()[0]
        let post = PostCell(device: 0, host: 0, endpoint: .ended, token: 0, env: 0)
        for _ in 0..<FleetState.postCapacity { s.post(post) }
        #expect(!s.postsOverflowed && !model.withinBounds(s) && model.refusingInFlightBound(s) == .maxPostsInFlight)
        s.post(post)
        #expect(s.posts.count == FleetState.postCapacity && s.postsOverflowed)
        #expect(!model.withinBounds(s) && model.refusingInFlightBound(s) == .maxPostsInFlight)
        // A copy made for the next step starts without the mark (a refused state is never kept).
        var copy = s
        copy.hostsDown = 1
        #expect(!copy.postsOverflowed && s.postsOverflowed)
    }

    @Test("a list keeps its order through append, insert, remove and sort")
    func listOperations() {
        var list: FixedList<4, UInt8> = [3, 1]
        list.append(2)
        list.insert(9, at: 0)
        #expect(Array(list) == [9, 3, 1, 2])
        #expect(list.remove(at: 1) == 3)
        list.sort()
        #expect(Array(list) == [1, 2, 9])
        #expect(list == [1, 2, 9] && list != [1, 2] && list.hashValue == ([1, 2, 9] as FixedList<4, UInt8>).hashValue)
        list.removeAll()
        #expect(list.isEmpty)
    }

    @Test("a list's element read in place is the element its subscript reads")
    func elementInPlace() {
        var pushes = FleetState.Pushes()
        var servers = FleetState.Servers()
        for k in 0..<3 {
            var push = PushCell.blank
            push.token = UInt8(k + 1)
            push.device = UInt8(2 - k)
            pushes.append(push)
            var server = ServerCell.fresh
            server.sinceMask = UInt8(1 << k)
            server.loading = k == 1
            servers.append(server)
        }
        withUnsafePointer(to: pushes) { p in
            #expect((0..<3).map { FleetState.Pushes.element(p, $0).pointee } == Array(pushes))
        }
        withUnsafePointer(to: servers) { p in
            #expect((0..<3).map { FleetState.Servers.element(p, $0).pointee } == Array(servers))
        }
    }

    @Test("a list is written as a plain JSON array, and a longer array is refused")
    func codable() throws {
        let list: FixedList<4, UInt8> = [1, 2]
        #expect(String(decoding: try JSONEncoder().encode(list), as: UTF8.self) == "[1,2]")
        #expect(try JSONDecoder().decode(FixedList<4, UInt8>.self, from: Data("[5,6,7]".utf8)) == [5, 6, 7])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(FixedList<4, UInt8>.self, from: Data("[1,2,3,4,5]".utf8))
        }
    }
}

@Suite("SessionsCode")
struct SessionsCodeTests {
    @Test("session lists are equal exactly when their codes are")
    func injective() {
        // A since order is below the number of sessions (at most 4): two bits of the code.
        let orders: (Activity) -> [UInt8] = { $0.isActive ? Array(0..<UInt8(FleetConfig.sessionCount.upperBound)) : [0] }
        let cells = Activity.allCases.flatMap { a in
            [false, true].flatMap { d in orders(a).map { SessionCell(activity: a, duplicated: d, since: $0) } }
        }
        var lists: [[SessionCell]] = [[]]
        var longest: [[SessionCell]] = [[]]
        for _ in 0..<3 {
            longest = longest.flatMap { l in cells.map { l + [$0] } }
            lists += longest
        }
        #expect(lists.count > 500)
        #expect(Set(lists.map { SessionsCode(FixedList($0)) }).count == Set(lists).count)
        #expect(FleetConfig.sessionCount.upperBound <= SessionsCode.maxSessions)
    }
}
