/// A sound over-approximation of a `LogProjectedModel` (Docs/diagnose.md, "Split logs"): a
/// smaller system every behaviour of the model maps onto, step for step, writing the same lines
/// (the fleet: the servers' side with the phones free, `FleetServerView`). What it cannot write,
/// the model cannot either, whatever the gap bounds: `TraceOverApproximationSearch` proves a
/// line unwritable on it in a few thousand states where the model's own search meets millions.
///
/// Soundness is the model's to check, by walking its reachable states (the fleet's
/// `FleetServerViewSoundnessTests`): every step of the model, mapped, is a step of this one
/// (or none, for a step that changes nothing it keeps and writes no line), with the same lines
/// and the same renaming of the names it keeps.
public protocol LogOverApproximation {
    associatedtype State: Hashable
    associatedtype Action
    associatedtype Binding: LogBinding
    associatedtype LogMemory: Hashable

    /// The images of the model's initial states.
    func initialStates() -> [State]
    /// Every step enabled in `state` (the model's steps mapped, and the free ones).
    func actions(in state: State) -> [Action]
    /// The step and the renaming of names it makes (as `LogProjectedModel.loggedStep`); nil: disabled.
    func step(_ state: State, _ action: Action) -> (state: State, renaming: Binding.Renaming)?
    /// The lines the step writes (as `LogProjectedModel.logLines`).
    func logLines(_ before: State, _ action: Action, _ after: State, memory: inout LogMemory) -> [Binding.Written]
    var initialLogMemory: LogMemory { get }
    /// A binding that binds nothing yet. It may bind more freely than the model's (a name the
    /// model keeps out of sight of this system may be bound again): more behaviours, still sound.
    func freshBinding() -> Binding
    /// The kind of a written line, as `Options.events` names kinds.
    static func lineKind(_ line: Binding.Written) -> String
}
