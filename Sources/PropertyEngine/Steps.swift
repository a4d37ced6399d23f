/// A sequence of commands for a `StateMachine`, numbered in reports.
public struct Steps<Machine: StateMachine> {
    public var commands: [Machine.Command]

    public init(_ commands: [Machine.Command]) {
        self.commands = commands
    }
}

extension Steps: CustomStringConvertible {
    public var description: String {
        commands.isEmpty ? "(no steps)" : commands.enumerated().map { "\($0.offset + 1). \($0.element)" }.joined(separator: "\n")
    }
}

extension Steps: Equatable where Machine.Command: Equatable {}
extension Steps: Sendable where Machine.Command: Sendable {}

/// Stored in a corpus as the plain array of commands.
extension Steps: Codable where Machine.Command: Codable {
    public init(from decoder: any Decoder) throws {
        commands = try [Machine.Command](from: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        try commands.encode(to: encoder)
    }
}
