/// A value as a report prints it: Swift's description, made readable and short. An enum case
/// reads as `.null` or `.array([.null, .bool(true)])`, not `MyTests.JSON.null`; a set's or a
/// dictionary's members are sorted (their order must not reach the output); a collection past
/// `elementLimit` elements prints its first ones and how many it leaves out, and any text past
/// `characterLimit` characters is cut and the rest counted. `full` is the whole of it.
struct ValueDescription {
    static let elementLimit = 20
    static let characterLimit = 2_000
    /// How deep the description goes into nested values (a cyclic class graph stops here).
    static let depthLimit = 64

    let short: String
    let full: String
    var isShortened: Bool { short != full }

    init<Value>(_ value: Value) {
        full = Self.describe(value, limit: nil, depth: 0, nested: false)
        let short = Self.describe(value, limit: Self.elementLimit, depth: 0, nested: false)
        if short.count > Self.characterLimit {
            let cut = short.prefix(Self.characterLimit)
            self.short = cut + "… (\(short.count - cut.count) more characters)"
        } else {
            self.short = short
        }
    }

    /// `value` described; collections cut at `limit` elements (all of them when nil).
    private static func describe(_ value: Any, limit: Int?, depth: Int, nested: Bool) -> String {
        guard depth < depthLimit else { return "…" }
        let mirror = Mirror(reflecting: value)
        func inner(_ child: Any) -> String { describe(child, limit: limit, depth: depth + 1, nested: true) }
        switch mirror.displayStyle {
        case .collection?:
            return "[" + elements(mirror.children.map { inner($0.value) }, limit: limit) + "]"
        case .set?:
            return "[" + elements(mirror.children.map { inner($0.value) }.sorted(), limit: limit) + "]"
        case .dictionary?:
            let pairs = mirror.children.map { pair -> String in
                let parts = Array(Mirror(reflecting: pair.value).children)
                guard parts.count == 2 else { return inner(pair.value) }
                return inner(parts[0].value) + ": " + inner(parts[1].value)
            }
            return pairs.isEmpty ? "[:]" : "[" + elements(pairs.sorted(), limit: limit) + "]"
        case .optional?:
            guard let wrapped = mirror.children.first else { return "nil" }
            return inner(wrapped.value)
        case .tuple?:
            return "(" + mirror.children.map { ($0.label.map { $0.hasPrefix(".") ? "" : $0 + ": " } ?? "") + inner($0.value) }
                .joined(separator: ", ") + ")"
        case .enum? where !(value is CustomStringConvertible):
            guard let payload = mirror.children.first, let name = payload.label else { return "." + String(describing: value) }
            let described = inner(payload.value)
            return "." + name + (Mirror(reflecting: payload.value).displayStyle == .tuple ? described : "(" + described + ")")
        case .struct? where !(value is CustomStringConvertible), .class? where !(value is CustomStringConvertible):
            let fields = mirror.children.map { ($0.label.map { $0 + ": " } ?? "") + inner($0.value) }
            return String(describing: type(of: value)) + "(" + fields.joined(separator: ", ") + ")"
        default:
            if nested, value is String || value is Substring || value is Character { return String(reflecting: value) }
            return String(describing: value)
        }
    }

    /// `items` joined, the ones past `limit` left out and counted.
    private static func elements(_ items: [String], limit: Int?) -> String {
        guard let limit, items.count > limit else { return items.joined(separator: ", ") }
        let left = items.count - limit
        return items.prefix(limit).joined(separator: ", ") + ", … (\(left) more \(left == 1 ? "element" : "elements"))"
    }
}
