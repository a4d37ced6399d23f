/// Bad input to a CI command (a baseline, a plan, a shard report): one line naming the file.
public struct CIError: Error, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }

    static func missingFile(_ path: String) -> Self { Self("\(path): no such file") }
    static func notJSON(_ path: String) -> Self { Self("\(path): not valid JSON (truncated?)") }
    static func bad(_ path: String, _ detail: String) -> Self { Self("\(path): \(detail)") }
}
