/// The reason `Model.actorOutOfRange` gives for an actor index past a configuration's count,
/// worded alike for every model.
public enum ActorRange {
    /// nil when `index` is in 0..<count, else "phone index 9 out of range: the trace's
    /// configuration has 2 phones (0...1)".
    public static func check(_ actor: String, _ index: Int, count: Int) -> String? {
        guard index < 0 || index >= count else { return nil }
        return "\(actor) index \(index) out of range: the trace's configuration has \(count) \(actor)\(count == 1 ? "" : "s")"
            + (count > 0 ? " (0...\(count - 1))" : "")
    }
}
