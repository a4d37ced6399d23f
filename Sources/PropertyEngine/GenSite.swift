/// Where a generator combinator was written (`Gen.oneOf at CalcTests.swift:12`), so a health
/// check can name the generator that ran away rather than only the property.
struct GenSite: Sendable, CustomStringConvertible {
    let combinator: StaticString
    let fileID: StaticString
    let line: UInt

    var description: String { "\(combinator) at \(fileID):\(line)" }

    /// The site entered most often among `sites` (a recursion's own generator), the outermost
    /// of those tied; nil when `sites` is empty.
    static func mostRepeated(_ sites: [GenSite]) -> GenSite? {
        var counts: [String: Int] = [:]
        for site in sites { counts[site.description, default: 0] += 1 }
        return sites.enumerated().max { a, b in
            let countA = counts[a.element.description] ?? 0, countB = counts[b.element.description] ?? 0
            return countA != countB ? countA < countB : a.offset > b.offset
        }?.element
    }
}
