extension Trace {
    /// The steps as numbered lines ("  1. rm1 prepares"), indented by `indent` spaces.
    public func numberedSteps(indent: Int = 2) -> [String] {
        let pad = String(repeating: " ", count: indent)
        let width = String(steps.count).count
        return steps.enumerated().map { i, action in
            let n = String(i + 1)
            return pad + String(repeating: " ", count: width - n.count) + n + ". " + action.description
        }
    }
}
