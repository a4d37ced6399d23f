/// The bounds of `FleetConfig.Bounds` that can refuse a system step, named by their configuration key.
enum FleetBound: String {
    case maxCardsPerDevice, maxPostsInFlight, maxPushesInFlight
}
