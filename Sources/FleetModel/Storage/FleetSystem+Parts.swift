import FleetCard

/// Storage: the model copies in one retain, FleetCard is called once per input; MemoTests and
/// the explored counts pin that it changes no answer.
extension FleetSystem {
    /// Everything the model holds, in one object: the model value is copied into every closure
    /// of a step (memo lookups, properties), and one reference is cheap to copy.
    final class Parts: Sendable {
        let config: FleetConfig
        /// FleetCard's pure reducers, memoized per input (speed only; see `Memo`).
        let decisions = Memo<3, Decision>()
        let targetLists = Memo<7, FleetState.Targets>()
        let truths = Memo<1, CardContent>()
        let serverSteps = Memo<16, ServerStepResult>()
        let syncs = Memo<6, SyncOutcome>()
        /// How the search keeps states between levels (`PackedFleetState`).
        let codec: FleetCodec
        /// FleetCard's dedupe per number of cards a phone shows (`dedupeLosers`).
        let dedupeLosers: [UInt64]
        /// The interchangeable phones' and sessions' permutations, identity first (`representative`).
        let phonePermutations: [[Int]]
        let sessionPermutations: [[Int]]
        /// The sessions' row titles per writer; nil when they render alike (`FleetTitles`).
        let titles: FleetTitles?

        init(config: FleetConfig) {
            self.config = config
            codec = FleetCodec(devices: config.devices.count)
            dedupeLosers = (0...FleetState.cardCapacity).map { FleetSystem.dedupeLosers(count: $0, guards: config.guards) }
            phonePermutations = FleetSystem.phonePermutations(config)
            sessionPermutations = FleetSystem.sessionPermutations(config)
            titles = FleetTitles(config.sessions)
        }
    }

    var decisions: Memo<3, Decision> { parts.decisions }
    var targetLists: Memo<7, FleetState.Targets> { parts.targetLists }
    var truths: Memo<1, CardContent> { parts.truths }
    var serverSteps: Memo<16, ServerStepResult> { parts.serverSteps }
    var syncs: Memo<6, SyncOutcome> { parts.syncs }
    var codec: FleetCodec { parts.codec }
    var titles: FleetTitles? { parts.titles }
}
