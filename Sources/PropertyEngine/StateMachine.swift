/// A stateful test: a model (`State`, `next`) predicts what a system under test should do
/// for each command; `run` performs the command on the system and compares.
///
///     struct CounterMachine: StateMachine {
///         enum Command: String, Codable { case increment, decrement, reset }
///         var initialState: Int { 0 }
///         func makeSystem() -> Counter { Counter() }
///         func command(in state: Int) -> Gen<Command> { .element(of: [.increment, .decrement, .reset]) }
///         func precondition(_ command: Command, in state: Int) -> Bool { command != .decrement || state > 0 }
///         func next(_ state: Int, after command: Command) -> Int {
///             switch command { case .increment: state + 1; case .decrement: state - 1; case .reset: 0 }
///         }
///         func run(_ command: Command, on counter: inout Counter, from state: Int, to next: Int, check: Check) throws {
///             counter.apply(command)
///             try check.expect(counter.value == next, "counter reads \(counter.value), model \(next)")
///         }
///     }
///     forAllSteps("the counter follows its model", CounterMachine())
///
/// A failing sequence shrinks by cutting loops (steps between two equal model states), then
/// deleting whole steps (preconditions re-checked: a sequence that breaks one is never run),
/// then shrinking the commands' arguments.
public protocol StateMachine: Sendable {
    /// The model's state; equal states mark a loop the shrinker may cut.
    associatedtype State: Hashable & Sendable
    /// The system under test (a value or a reference), made fresh for every sequence.
    associatedtype System
    associatedtype Command

    var initialState: State { get }
    func makeSystem() -> System
    /// The next command to try in `state`. Draw from the same list in every state (and let
    /// `precondition` reject), so deleting an earlier step does not change what later ones mean.
    func command(in state: State) -> Gen<Command>
    /// Whether `command` may run in `state`; default: always.
    func precondition(_ command: Command, in state: State) -> Bool
    /// The model's state after `command`.
    func next(_ state: State, after command: Command) -> State
    /// Performs `command` on `system` and checks the result against the model's `next` state.
    func run(_ command: Command, on system: inout System, from state: State, to next: State, check: Check) throws
}

extension StateMachine {
    public func precondition(_ command: Command, in state: State) -> Bool { true }
}
