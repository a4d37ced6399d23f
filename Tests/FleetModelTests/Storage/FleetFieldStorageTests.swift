import FleetCard
import Testing
@testable import FleetModel

/// Every field of a fleet state reaches each storage place a field must go (the list in
/// `Sources/FleetModel/README.md`): the state of `FleetFingerprintFieldTests`, every optional
/// present, changed one field at a time, with that suite's list of changes, which must cover
/// every field the state's type has (found by reflection). The fingerprint is checked there.
@Suite("FleetState fields in storage")
struct FleetFieldStorageTests {
    let fields = FleetFingerprintFieldTests()

    @Test("the changes cover every field of the state")
    func changesCoverEveryField() {
        let paths = Set(FleetFingerprintFieldTests.paths(fields.full()))
        #expect(paths.count > 60)
        #expect(paths.subtracting(FleetFingerprintFieldTests.changes.keys).sorted() == [])
    }

    @Test("a state changed in any one field packs to other words, and unpacks to itself")
    func codecKeepsEveryField() {
        let model = fields.model
        let base = fields.full()
        let packedBase = model.stored(base)
        #expect(model.loaded(packedBase) == base)
        for (path, change) in FleetFingerprintFieldTests.changes.sorted(by: { $0.key < $1.key }) {
            var s = base
            change(&s)
            let packed = model.stored(s)
            #expect(packed != packedBase, "\(path): packs as the unchanged state does")
            #expect(model.loaded(packed) == s, "\(path): does not unpack to itself")
            // Packed against the unchanged state as its parent, as the search packs a successor.
            #expect(model.loaded(model.stored(s, after: base, packedBase)) == s, "\(path): lost packed after its parent")
        }
    }

    @Test("a state changed in any one field has another order key, the one symmetry's representative is the least by")
    func orderKeyKeepsEveryField() {
        let base = fields.full()
        for (path, change) in FleetFingerprintFieldTests.changes.sorted(by: { $0.key < $1.key }) {
            var s = base
            change(&s)
            #expect(FleetSystem.pack(s) != FleetSystem.pack(base), "\(path) does not reach FleetSystem.pack")
        }
    }

    @Test("a state changed in any one session field has another sessions code, the memo keys' word for the sessions")
    func sessionsCodeKeepsEverySessionField() {
        let base = fields.full()
        let sessionPaths = FleetFingerprintFieldTests.changes.keys.filter { $0.hasPrefix("sessions[].") }
        #expect(sessionPaths.count == 3)
        for path in sessionPaths.sorted() {
            var s = base
            FleetFingerprintFieldTests.changes[path]!(&s)
            #expect(SessionsCode(s.sessions) != SessionsCode(base.sessions), "\(path) does not reach SessionsCode")
        }
    }

    @Test("every field that holds a token number is one the renumbering visits")
    func tokenFieldsAreRenumbered() {
        let base = fields.full()
        func tokens(_ s: FleetState) -> [UInt8] {
            var out: [UInt8] = []
            FleetSystem.forEachToken(s) { out.append($0) }
            return out
        }
        let tokenPaths = FleetFingerprintFieldTests.changes.keys.filter { $0.hasSuffix("token") || $0.hasSuffix("Token") }
        #expect(tokenPaths.count == 7)
        for path in tokenPaths.sorted() {
            var s = base
            FleetFingerprintFieldTests.changes[path]!(&s)
            #expect(tokens(s) != tokens(base), "\(path) holds a token forEachToken does not visit")
        }
    }
}
