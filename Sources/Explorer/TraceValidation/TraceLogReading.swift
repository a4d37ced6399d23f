/// The lines of the range a search reads, taken in only as far as the search comes (a search
/// carried from the middle of a long log mostly stops a few lines on: reading the rest of the
/// log for every search made long logs quadratic). It also records what the search read, so
/// that a search of other lines that read the same can be answered by this one (`TraceRunMemo`).
struct TraceLogReading<M: LogProjectedModel> {
    private let source: ArraySlice<M.Log.Line>
    private(set) var events: [M.Binding.Line] = []
    private(set) var keys: [UInt8] = []
    private(set) var names = M.Binding.Names()
    /// The largest value the search compared with `count`: a range of another length answers
    /// every such comparison alike when both lengths are above it.
    private(set) var lengthAsked = 0
    /// The lines read so far renamed by first appearance, as far as `canonical` was asked.
    private var renamed: [M.Binding.Names.Canonical?] = []

    init(_ lines: ArraySlice<M.Log.Line>) { source = lines }

    /// How many lines the range has, compared with `value` (`==`, `<` or `<=` at the caller).
    mutating func count(against value: Int) -> Int {
        lengthAsked = max(lengthAsked, value)
        return source.count
    }

    /// Line `i` (0-based in the range; below `count`), read now if not yet.
    mutating func event(_ i: Int) -> M.Binding.Line {
        read(through: i)
        return events[i]
    }

    /// Line `i`'s bucket (`LogProjectedModel.lineKey`).
    mutating func key(_ i: Int) -> UInt8 {
        read(through: i)
        return keys[i]
    }

    /// Line `i` (below the range's length) with its sids and tokens numbered by first appearance
    /// in the range: what `TraceRunMemo` compares two searches' lines by.
    mutating func canonical(_ i: Int) -> M.Binding.Names.Canonical? {
        read(through: i)
        while renamed.count <= i {
            renamed.append(names.canonical(events[renamed.count]))
        }
        return renamed[i]
    }

    private mutating func read(through i: Int) {
        while events.count <= i {
            let line = source[source.startIndex + events.count]
            events.append(line.event)
            keys.append(M.lineKey(line.event))
            names.append(line.event)
        }
    }
}
