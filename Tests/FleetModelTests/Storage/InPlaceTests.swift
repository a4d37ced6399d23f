import Testing
@testable import FleetModel

/// The model's steps read a state through `InPlace` views (no cell copied out): each read must
/// be the field the state holds, list element by list element.
@Suite("InPlace")
struct InPlaceTests {
    @Test("every field, list and element a state's in-place view reads is the state's own")
    func readsTheFields() {
        let states = reachable(Fixture.restartsAndDrops, depth: 8)
        var ticks = 0, cards = 0, inFlight = 0
        for s in states {
            let c = s.inPlace
            #expect(c.value == s.cells.pointee)
            #expect(c.hostsDown == s.hostsDown)
            #expect(c.sessions.count == s.sessions.count && c.posts.count == s.posts.count)
            #expect(c.pushes.count == s.pushes.count && c.registries.count == s.registries.count)
            for k in s.sessions.indices { #expect(c.sessions[k].value == s.sessions[k]) }
            for k in s.posts.indices { #expect(c.posts[k].value == s.posts[k]) }
            for k in s.pushes.indices { #expect(c.pushes[k].token == s.pushes[k].token && c.pushes[k].value == s.pushes[k]) }
            for d in s.devices.indices {
                let device = s.device(d)
                #expect(device.value == s.devices[d] && device.app == s.devices[d].app)
                #expect(device.cards.count == s.devices[d].cards.count)
                for k in s.devices[d].cards.indices {
                    let card = s.devices[d].cards[k]
                    #expect(device.cards[k].token == card.token && device.cards[k].posted == card.posted)
                    #expect(device.cards[k].value == card)
                    cards += 1
                }
            }
            for i in s.servers.indices {
                #expect(s.server(i).value == s.servers[i] && s.server(i).tick == s.servers[i].tick)
                if s.servers[i].tick != nil { ticks += 1 }
            }
            for r in s.registries.indices {
                let update = c.registries[r].update
                #expect(update.count == s.registries[r].update.count)
                for k in s.registries[r].update.indices { #expect(update[k].value == s.registries[r].update[k]) }
            }
            // Sorted in place exactly when no element precedes the one before it.
            let postsSorted = zip(s.posts, s.posts.dropFirst()).allSatisfy { !FleetSystem.precedes($1, $0) }
            let pushesSorted = zip(s.pushes, s.pushes.dropFirst()).allSatisfy { !FleetSystem.precedes($1, $0) }
            #expect(c.posts.isSorted(by: FleetSystem.precedes) == postsSorted)
            #expect(c.pushes.isSorted(by: FleetSystem.precedes) == pushesSorted)
            if s.posts.count + s.pushes.count > 1 { inFlight += 1 }
        }
        // The states reach what the views read: cards, ticks in flight, lists to sort.
        #expect(cards > 0 && ticks > 0 && inFlight > 0, "cards \(cards), ticks \(ticks), in flight \(inFlight)")
    }

    @Test("a canonical state with two POSTs swapped reads as unsorted in place")
    func sortedness() throws {
        let model = Fixture.restartsAndDrops
        let state = try #require(reachable(model, depth: 8).first { $0.posts.count > 1 && $0.posts[0] != $0.posts[1] })
        var swapped = FleetState(cells: state.cells.pointee)
        swapped.posts.swapAt(0, 1)
        #expect(state.inPlace.posts.isSorted(by: FleetSystem.precedes) != swapped.inPlace.posts.isSorted(by: FleetSystem.precedes))
    }
}
