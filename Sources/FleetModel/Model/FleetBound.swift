/// What can refuse a system step besides the logic: a bound of `FleetConfig.Bounds`, named by its
/// configuration key, or a capacity of the model's state no configuration raises.
enum FleetBound: String {
    case maxCardsPerDevice, maxPostsInFlight, maxPushesInFlight
    /// A registry list (and so a tick's targets) would pass `FleetState.tokenCapacity`: only with
    /// a cap or supersede guard off (`FleetLogic.tokens`).
    case tokenListCapacity

    /// The name the report gives it (`Model.refusingBound`): the key, or what the capacity is.
    var name: String {
        switch self {
        case .tokenListCapacity: "the model's token-list capacity (\(FleetState.tokenCapacity) per list)"
        default: rawValue
        }
    }
}
