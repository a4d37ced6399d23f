/// The spec's guard table as data for `cardcheck mutants` (run by the generic mutants runner
/// through the fleet catalog entry): what each guard's absence causes, and a mutant's header.
public enum FleetMutants {}
