/// A fleet state's cells in one heap block (a `ManagedBuffer` header: one allocation, read
/// through a pointer, no exclusivity check per access). Never written while shared:
/// `FleetState.unshare` copies it first.
final class FleetStateBox: ManagedBuffer<FleetState.Cells, UInt8> {
    static func make(_ cells: FleetState.Cells) -> FleetStateBox {
        unsafeDowncast(create(minimumCapacity: 0) { _ in cells }, to: FleetStateBox.self)
    }

    @inline(__always) var cells: UnsafeMutablePointer<FleetState.Cells> {
        withUnsafeMutablePointerToHeader { $0 }
    }
}
