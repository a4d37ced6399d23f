extension DistributedRun {
    /// At a round's end, with `--spill`: starts spilling once this process passes the mark, and
    /// from then on moves the visited keys to the runs on disk by the single process's rule
    /// (`SearchSpilling.flushesVisited`). With peers, the keys of the level being filled
    /// (`levelFilled` of them, placed `inserted` or later) stay in memory with their places:
    /// a peer's step to one is compared with this rank's own; an earlier level's key needs
    /// membership only, which the run answers. Returns why this rank's spill files failed.
    mutating func spillVisited(levelFilled: Int) -> String? {
        guard let spill else { return nil }
        let keep = ranks > 1 ? levelFilled : 0
        if spill.startDepth == nil {
            guard let resident = ResidentMemory.current(), resident >= spill.options.afterBytes else { return nil }
            spill.start()
            spillLinks(spill)
            spillFrontier(spill)
            flushVisited(spill)
        } else if spill.flushDue(visited, keeping: keep) {
            flushVisited(spill)
        }
        return spill.failure
    }

    /// From now on this rank's node ids, parent links and action indices go to disk a whole
    /// chunk at a time (as the single process's links: varints), only the last chunk of each
    /// in memory; the chunks held now go at once. A file not opened is the spill's failure.
    private mutating func spillLinks(_ spill: LevelSpill) {
        guard let ids = spill.file("ids", graph: true), let links = spill.file("parents", graph: true),
            let actions = spill.file("actions", graph: true)
        else { return }
        spill.options.written?(ids, "ids")
        spill.options.written?(links, "parents")
        nodeIDs.spill(low: ids)
        parents.spill(low: links)
        actionIndices.spill = ColumnSpill(file: actions, codec: .varints)
        actionIndices.spillFullChunks()
    }

    /// From now on the frontier's states go to disk a chunk at a time, as the single process's
    /// levels do (same codec), and each round reads back the chunks it expands (`expandLevel`).
    /// The ids and world actions used (9 bytes a state) and the level being filled stay in memory.
    private mutating func spillFrontier(_ spill: LevelSpill) {
        guard let file = spill.file("frontier") else { return }
        frontier.spill(to: ColumnSpill(file: file, codec: .changedBytes ?? .json(search.model)))
    }

    /// Why a round could not be expanded: a frontier chunk read back is not one the rank wrote.
    func levelUnreadable(_ spill: LevelSpill?) -> String {
        spill?.failure ?? "\(spill?.options.directory ?? ""): a level's chunk read back is not one the search wrote"
    }

    static var linksUnreadable: String { "a rank's parent links on disk could not be read back" }

    /// Moves the visited keys of earlier levels into the runs on disk and hands their memory back.
    private func flushVisited(_ spill: LevelSpill) {
        spill.flush(visited, keepingPlacesFrom: ranks > 1 ? UInt32(inserted) : .max)
    }

    /// The problem every rank reports when one rank's files failed: the lowest such rank's line.
    func agreedProblem(_ mine: String?) throws(FabricEnded) -> String {
        let lines = try fabric.exchange(Array(repeating: Array((mine ?? "").utf8), count: ranks))
        let first = lines.first { !$0.isEmpty }.map { String(decoding: $0, as: UTF8.self) }
        return first ?? "a rank's spill files failed"
    }

    /// What went to disk over every rank, as `check`'s spill line gives it: from the first level
    /// any rank spilled at, the bytes summed (the filters' too: the most each held, added up).
    func spillSummary() -> SpillSummary? {
        guard let spill, let from = agreed.spillFrom else { return nil }
        return SpillSummary(
            fromDepth: from, bytesWritten: agreed.levelBytes, directory: spill.options.directory,
            fingerprintBytesWritten: agreed.fingerprintBytes, filterBytes: agreed.filterBytes,
            parentBytesWritten: agreed.parentBytes)
    }
}
