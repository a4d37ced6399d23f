/// A failing case's identity for shrinking (a shrink counts only if the same property fails
/// the same way) and its message for the report.
struct Failure: Sendable, Equatable {
    /// "returned false", the `expect` call site, or the thrown error's type and enum case.
    let signature: String
    let message: String
    var notes: [String] = []

    /// Runs `body` on `value`: nil when it holds or discards the case (`check.isDiscarded`
    /// then says so), else how it failed.
    static func of<Value>(_ value: Value, check: Check, _ body: (Value, Check) throws -> Bool) -> Failure? {
        do {
            if try body(value, check) { return nil }
            return Failure(signature: "returned false", message: HarnessMessage.returnedFalse, notes: check.notes)
        } catch is Discard {
            check.markDiscarded()
            return nil
        } catch let failure as PropertyFailure {
            return Failure(signature: "expect at \(failure.fileID):\(failure.line)", message: failure.description, notes: check.notes)
        } catch {
            return Failure(signature: "threw " + errorKind(error), message: HarnessMessage.threw(error), notes: check.notes)
        }
    }

    /// The error's type plus, for an enum, its case name, without payload values (which shrink).
    private static func errorKind(_ error: any Error) -> String {
        let type = String(reflecting: Swift.type(of: error))
        let mirror = Mirror(reflecting: error)
        guard mirror.displayStyle == .enum else { return type }
        if let label = mirror.children.first?.label { return "\(type).\(label)" }
        return "\(type).\(error)"
    }
}
