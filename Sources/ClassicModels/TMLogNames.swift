import Explorer

/// The manager names of a TM log, numbered in order of first appearance.
public struct TMLogNames: LogNames {
    public private(set) var managers: [String] = []
    private var index: [String: Int] = [:]  // lookup only

    public init() {}

    public mutating func append(_ line: TMLogLine<String>) {
        if case .prepared(let name) = line, index[name] == nil {
            index[name] = managers.count
            managers.append(name)
        }
    }

    func id(_ name: String) -> Int? { index[name] }

    public func canonical(_ line: TMLogLine<String>) -> TMLogLine<Int>? {
        switch line {
        case .prepared(let name): index[name].map { .prepared(rm: $0) }
        case .commit: .commit
        case .abort: .abort
        }
    }
}
