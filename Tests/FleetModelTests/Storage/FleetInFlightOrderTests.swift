import Testing
@testable import FleetModel

/// A successor's in-flight lists are checked for order only when its step wrote them
/// (`sortInFlight(_:after:)`): these compare it with the full check over reachable states,
/// their successors and edited copies, from sorted and unsorted parents.
@Suite("Fleet in-flight order")
struct FleetInFlightOrderTests {
    /// The token scan's worlds: tokens minted, rotated and dropped, POSTs and pushes lost.
    static var models: [FleetSystem] { FleetTokenScanTests.models }

    /// `s` with its POSTs and pushes in reverse order, in a fresh box (no cached order).
    static func reversed(_ s: FleetState) -> FleetState {
        var cells = s.cells.pointee
        cells.posts = FleetState.Posts(cells.posts.reversed())
        cells.pushes = FleetState.Pushes(cells.pushes.reversed())
        return FleetState(cells: cells)
    }

    @Test("every successor of a sorted or unsorted parent is canonical")
    func successorsCanonical() {
        var checked = 0, unsortedParents = 0
        for model in Self.models {
            for state in reachable(model, depth: 4) {
                var parents = [state, model.loaded(model.stored(state))]
                if state.posts.count > 1 || state.pushes.count > 1 {
                    parents.append(Self.reversed(state))
                    unsortedParents += 1
                }
                for parent in parents {
                    for action in model.actions(in: parent) {
                        guard let next = model.next(parent, action) else { continue }
                        #expect(model.canonical(FleetState(cells: next.cells.pointee)) == next, "\(action)")
                        checked += 1
                    }
                }
            }
        }
        #expect(checked > 1000 && unsortedParents > 10, "\(checked) \(unsortedParents)")
    }

    @Test("a copy with its in-flight lists, a token or nothing edited is judged as by the full check")
    func editedCopies() {
        var sorts = 0, keeps = 0
        for model in Self.models {
            for state in reachable(model, depth: 3) {
                for parent in [model.loaded(model.stored(state)), Self.reversed(state)] {
                    var copies = [parent, Self.reversed(parent)]
                    var token = parent
                    FleetTokenScanTests.setToken(&token, slot: 0, to: UInt8(FleetSystem.maxToken(parent) + 1))
                    copies.append(token)
                    for copy in copies {
                        var stepped = copy, fresh = FleetState(cells: copy.cells.pointee)
                        let sorted = model.sortInFlight(&stepped, after: parent)
                        #expect(sorted == model.sortInFlight(&fresh))
                        #expect(stepped.cells.pointee == fresh.cells.pointee)
                        if sorted { sorts += 1 } else { keeps += 1 }
                    }
                }
            }
        }
        #expect(sorts > 10 && keeps > 100, "\(sorts) \(keeps)")
    }
}
