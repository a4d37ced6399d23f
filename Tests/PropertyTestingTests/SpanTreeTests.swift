import Testing
@testable import PropertyEngine
@testable import PropertyTesting

@Suite struct SpanTreeTests {
    typealias Span = ChoiceSource.Span

    @Test("spans nest by range: duplicates merge (element wins), parents are innermost, siblings group by parent and kind")
    func structure() {
        // A two-element array inside a draw, the first element's value also a draw.
        let raw = [Span(range: 1..<3, kind: .other), Span(range: 0..<3, kind: .element), Span(range: 3..<5, kind: .element),
                   Span(range: 5..<6, kind: .element), Span(range: 0..<6, kind: .other), Span(range: 0..<3, kind: .other)]
        let tree = SpanTree(raw)
        #expect(tree.spans.map(\.range) == [0..<6, 0..<3, 1..<3, 3..<5, 5..<6])
        #expect(tree.spans[1].kind == .element)
        #expect(tree.parent == [nil, 0, 1, 0, 0])
        #expect(tree.siblingGroups() == [[1, 3, 4]])
        #expect(tree.siblingGroups(minimum: 1) == [[0], [1, 3, 4], [2]])
        #expect(tree.descendants(of: 0) == [1, 2, 3, 4])  // largest first, then in order
    }

    @Test("a span's next sibling is its parent's first child past its end, found by a scan from it")
    func nextSibling() throws {
        let gen = Gen.array(of: Gen.zip(Gen.int(in: 0...9), Gen.array(of: Gen.bool, count: 2...2)), count: 3...3)
        let source = ChoiceSource(replaying: [])
        _ = try gen.drawn(from: source)
        let tree = SpanTree(source.spans)
        for i in tree.spans.indices {
            let expected = tree.parent[i].flatMap { parent in
                tree.children(of: parent).first { tree.spans[$0].range.lowerBound >= tree.spans[i].range.upperBound }
            }
            #expect(tree.nextSibling(of: i) == expected, "span \(i)")
        }
        #expect(tree.spans.indices.contains { tree.nextSibling(of: $0) != nil })
    }

    @Test("a generated list of records records a span per element and per field")
    func generatedSpans() throws {
        let gen = Gen.array(of: Gen.zip(Gen.int(in: 0...9), Gen.bool), count: 2...2)
        let source = ChoiceSource(replaying: [])
        _ = try gen.drawn(from: source)
        let tree = SpanTree(source.spans)
        #expect(tree.siblingGroups().map { $0.map { tree.spans[$0].kind } } == [[.element, .element, .element], [.other, .other], [.other, .other]])
    }
}
