import BigNum

/// Enumerates every cost model, one `LineCost` per element, that reproduces every printed cell
/// (spec: the printed tables; the method is issue 11's). A cell is checked as soon as the
/// elements it reads are fixed, so the search prunes early; the result is in candidate order.
public struct CostSearch: Sendable {
    /// A printed cell: it reads elements `0..<depth`, through `dp(element, scaleIndex)`.
    public struct Cell {
        public var depth: Int
        public var holds: (_ dp: (Int, Int) -> Rational) -> Bool

        public init(depth: Int, holds: @escaping (_ dp: (Int, Int) -> Rational) -> Bool) {
            self.depth = depth
            self.holds = holds
        }
    }

    /// The font scales the cells name, indexed by the cells' `scaleIndex`.
    public var scales: [Rational]
    /// Candidates per element, in element order.
    public var choices: [[LineCost]]

    public init(scales: [Rational], choices: [[LineCost]]) {
        self.scales = scales
        self.choices = choices
    }

    /// Every model (one candidate per element) for which every cell holds.
    public func models(_ cells: [Cell]) -> [[LineCost]] {
        // Each candidate's cost at each printed scale, computed once.
        let table = choices.map { element in element.map { cost in scales.map(cost.dp) } }
        let byDepth = Dictionary(grouping: cells, by: \.depth)
        var picked: [Int] = []
        var found: [[LineCost]] = []
        func dp(_ element: Int, _ scale: Int) -> Rational { table[element][picked[element]][scale] }
        func visit() {
            let depth = picked.count
            for cell in byDepth[depth] ?? [] where !cell.holds(dp) { return }
            if depth == choices.count {
                found.append(picked.enumerated().map { choices[$0.offset][$0.element] })
                return
            }
            for index in choices[depth].indices {
                picked.append(index)
                visit()
                picked.removeLast()
            }
        }
        visit()
        return found
    }
}
