import Explorer
import FleetCard

extension FleetDiagnosis {
    /// The bucket a line falls in: its kind and its APNs event (a logged step is tried on a
    /// line only when its first line falls in the same bucket).
    static func lineKey<S, T>(_ e: FleetLogEvent<S, T>) -> UInt8 {
        func a(_ x: FleetCard.FleetAction) -> UInt8 {
            switch x {
            case .nothing: 0
            case .start: 1
            case .update: 2
            case .end: 3
            }
        }
        switch e {
        case .decide(let x, _, _, _, _, _): return 0 &+ a(x)
        case .send(let x, _, _, _): return 4 &+ a(x)
        case .noTokens(let x): return 8 &+ a(x)
        case .noneAccepted(let x, _, _): return 12 &+ a(x)
        case .partial(let x, _, _): return 16 &+ a(x)
        case .clientEnded: return 20
        case .adopted: return 21
        case .startVetoed: return 22
        }
    }

    /// A step's renaming as a list, cut after its last token.
    static func compact(_ r: FleetSystem.TokenRenaming) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: Int(r.top) + 1)
        for t in out.indices { out[t] = r[UInt8(t)] }
        while out.count > 1, out[out.count - 1] == 0 { out.removeLast() }
        return out
    }
}
