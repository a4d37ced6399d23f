import CIRun
import Explorer
import Foundation
import Testing
@testable import CardcheckCLI

/// The committed corpus of bad CI inputs (Tests/Corpus/CardcheckCLI): profiles (ci.json),
/// baselines, shard reports and checkpoints, each with its exit code and exactly this first
/// line; never a trap, an allocation without bound, or a partial file.
@Suite("CIInputCorpus")
struct CIInputCorpusTests {
    static func at(_ name: String) -> String { BadInputCorpusTests.at(name) }
    static let range = "letters, digits, '.', '_', '-'; no '/'"
    static let shard = "is not i/n with 1 ≤ i ≤ n ≤ 1000"
    /// Where a refused run must not write; and the small profile a refused nightly would run
    /// if the refusal broke (never the whole matrix).
    static let neverMade = NSTemporaryDirectory() + "cardcheck-never-made"
    static let tiny = ["--profiles", at("ci-tiny"), "--out", neverMade]

    /// (arguments, exit code, first line on stderr).
    static let profiles: [([String], Int32, String)] = [
        (["plan", "--profiles", at("ci-duplicate-key")], 2, "\(at("ci-duplicate-key")): not valid JSON: $.format: duplicate key"),
        (["plan", "--profiles", at("ci-trailing-comma")], 2, "\(at("ci-trailing-comma")): not valid JSON: $.nightly.check: trailing comma"),
        (["plan", "--profiles", at("ci-nul")], 2, "\(at("ci-nul")): not valid JSON: $.format: a control character inside a string"),
        (["plan", "--profiles", at("ci-not-utf8")], 2, "\(at("ci-not-utf8")): not valid JSON: $.format: a string is not valid UTF-8"),
        (["plan", "--profiles", at("ci-deep")], 2,
         "\(at("ci-deep")): not valid JSON: \(StrictJSON.shortened("$.pr" + String(repeating: "[0]", count: 256), limit: 80)): nested more than 256 deep"),
        (["plan", "--profiles", at("ci-weight-int-max")], 2,
         "\(at("ci-weight-int-max")): \"nightly.check[0].weight\" must be an integer from 1 to 1000000, got 9223372036854775807"),
        (["plan", "--profiles", at("ci-parts-1e9")], 2,
         "\(at("ci-parts-1e9")): \"nightly.check[0].parts\" must be an integer from 1 to 1000, got 1000000000"),
        (["plan", "--profiles", at("ci-parts-float")], 2, "\(at("ci-parts-float")): \"nightly.check[0].parts\" must be an integer"),
        (["plan", "--profiles", at("ci-walks-huge")], 2,
         "\(at("ci-walks-huge")): \"nightly.simulate[0].walks\" must be an integer from 1 to 1000000000, got 9200000000000000000"),
        (["plan", "--profiles", at("ci-shards-huge")], 2,
         "\(at("ci-shards-huge")): \"nightly.shards\" must be an integer from 1 to 1000, got 9223372036854775807"),
        (["nightly", "--profiles", at("ci-name-traversal"), "--out", neverMade], 2,
         "\(at("ci-name-traversal")): \"nightly.check[0].configuration\" must be a configuration name in the models folder (\(range)), got \"../../../../tmp/x/die-hard\""),
        (["plan", "--profiles", at("ci-world-traversal")], 2,
         "\(at("ci-world-traversal")): \"nightly.mutants[0].worlds\" must be an array of configuration names in the models folder (worlds[0])"),
        (["plan", "--profiles", at("ci-listed-twice")], 2,
         "\(at("ci-listed-twice")): \"nightly.check[2].configuration\" lists \"die-hard\" again (first at nightly.check[0]); each configuration once"),
        (["plan", "--profiles", at("ci-unknown-configuration")], 2,
         "\(at("ci-unknown-configuration")): $.nightly.check[1].configuration: Models/no-such-configuration.json: no such file"),
        (["nightly", "--profiles", at("ci-unknown-configuration"), "--out", neverMade], 2,
         "\(at("ci-unknown-configuration")): $.nightly.check[1].configuration: Models/no-such-configuration.json: no such file"),
        (["plan", "--profiles", at("ci-mutants-no-guards")], 2,
         "\(at("ci-mutants-no-guards")): $.nightly.mutants[0].configuration: Models/die-hard.json is a model with no guards: its mutants entry would run nothing"),
        (["plan", "--profiles", at("ci-split-level-no-parts")], 2,
         "\(at("ci-split-level-no-parts")): \"nightly.check[0].splitLevel\" must be given only with \"parts\" above 1 (one part is not split), got 3 with no parts"),
        (["pr", "--baseline", at("baseline-duplicate-key")] + tiny, 2,
         "\(at("baseline-duplicate-key")): not valid JSON: $.version: duplicate key"),
        (["merge", at("shard-1-of-0"), "--baseline", at("baseline-trailing-comma")], 2,
         "\(at("baseline-trailing-comma")): not valid JSON: trailing comma"),
        (["merge", at("shard-1-of-0"), "--baseline", at("baseline-not-utf8")], 2,
         "\(at("baseline-not-utf8")): not valid JSON: $.findings[0].configuration: a string is not valid UTF-8"),
    ]

    static let shardReports: [([String], Int32, String)] = [
        (["merge", at("shard-1-of-0")], 2, "\(at("shard-1-of-0")): shards[0]: \"1/0\" \(shard)"),
        (["merge", at("shard-0-of-0")], 2, "\(at("shard-0-of-0")): shards[0]: \"0/0\" \(shard)"),
        (["merge", at("shard-1-of-minus-2")], 2, "\(at("shard-1-of-minus-2")): shards[0]: \"1/-2\" \(shard)"),
        (["merge", at("shard-1-of-huge")], 2, "\(at("shard-1-of-huge")): shards[0]: \"1/1000000000000\" \(shard)"),
        (["merge", at("shard-3-of-2")], 2, "\(at("shard-3-of-2")): shards[0]: \"3/2\" \(shard)"),
        (["merge", at("shard-x-of-y")], 2, "\(at("shard-x-of-y")): shards[0]: \"x/y\" \(shard)"),
        (["merge", at("shard-empty")], 2, "\(at("shard-empty")): shards[0]: \"\" \(shard)"),
        (["merge", at("shard-parts-int-max")], 2, "\(at("shard-parts-int-max")): jobs[0].parts: must be from 1 to 1000, got 9223372036854775807"),
        (["merge", at("shard-states-huge")], 2,
         "\(at("shard-states-huge")): jobs[0].distinctStates: must be from 0 to \(CIReport.maxCount), got 9000000000000000000"),
        (["merge", at("shard-states-negative")], 2, "\(at("shard-states-negative")): jobs[0].distinctStates: must be from 0 to \(CIReport.maxCount), got -5"),
        (["merge", at("shard-parts-done-outside")], 2,
         "\(at("shard-parts-done-outside")): jobs[0].partsDone: must be parts from 1 to 1, sorted, each once"),
        (["merge", at("shard-duplicate-key")], 2, "\(at("shard-duplicate-key")): not valid JSON: $.format: duplicate key"),
    ]

    static let flags: [([String], Int32, String)] = [
        (["nightly", "--checkpoint-interval", "5"] + tiny, 2, "--checkpoint-interval is only used with --checkpoint"),
        (["plan", "--image", ""], 2, "--image must be a container image name (no spaces), got ''"),
        (["plan", "--image", "a b"], 2, "--image must be a container image name (no spaces), got 'a b'"),
        (["nightly", "--seed", "0x"] + tiny, 2,
         "--seed must be an integer from 0 to 18446744073709551615 (decimal, or hexadecimal as 0x…), got '0x'"),
        (["nightly", "--shard", "1/1000000000000"] + tiny, 2, "--shard must be i/n with 1 ≤ i ≤ n ≤ 1000, got '1/1000000000000'"),
        (["nightly", "--shard", "0/0"] + tiny, 2, "--shard must be i/n with 1 ≤ i ≤ n ≤ 1000, got '0/0'"),
        (["nightly", "--shard", "1/-2"] + tiny, 2, "--shard must be i/n with 1 ≤ i ≤ n ≤ 1000, got '1/-2'"),
        (["nightly", "--threads", "65"] + tiny, 2, "--threads must be an integer from 1 to 64, got '65'"),
        (["nightly", "--time-limit", "0", "--checkpoint", neverMade] + tiny, 2, "--time-limit must be an integer from 1 to 1000000, got '0'"),
        (["check", "Models/die-hard.json", "--save", "/proc/self"], 4, "/proc/self: a folder this cardcheck cannot write into"),
    ]

    @Test("every bad profile or baseline is one line with the strict reader's JSON path, exit 2", arguments: profiles)
    func profile(_ args: [String], _ code: Int32, _ line: String) { BadInputCorpusTests().expect(args, code, line) }

    @Test("every bad shard report is one line, exit 2, before anything is summed or allocated", arguments: shardReports)
    func shardReport(_ args: [String], _ code: Int32, _ line: String) { BadInputCorpusTests().expect(args, code, line) }

    @Test("every bad CI flag is one line, exit 2 (a folder that cannot be written: exit 4), and no folder is made", arguments: flags)
    func flag(_ args: [String], _ code: Int32, _ line: String) {
        BadInputCorpusTests().expect(args, code, line)
        #expect(!FileManager.default.fileExists(atPath: Self.neverMade))
    }

    /// A profile with one small check, in a scratch models folder.
    static func tinyProfile(_ scratch: Scratch, _ configuration: String = "die-hard") -> String {
        scratch.file("ci.json", """
            { "format": "cardcheck-ci-profiles", "version": 1, "pr": { "check": [], "mutants": [], "simulate": [] },
              "nightly": { "check": [ {"configuration": "\(configuration)"} ], "mutants": [], "simulate": [] } }
            """)
    }

    @Test("a damaged checkpoint in the nightly's folder is refused in one line (exit 2) before anything runs, and kept",
          arguments: [
            ("checkpoint-garbage", "not a cardcheck checkpoint (truncated?)"),
            ("checkpoint-v1", "a checkpoint of an older cardcheck; remove it to start afresh"),
            // The format before 40-bit parent links (issue 52): refused, never read as the new one.
            ("checkpoint-v2", "a checkpoint of an older cardcheck; remove it to start afresh"),
            ("checkpoint-bad-checksum", "a damaged checkpoint (checksum mismatch); remove it to start afresh"),
          ])
    func damagedCheckpoint(_ name: String, _ problem: String) throws {
        let scratch = Scratch()
        let folder = scratch.path + "/ckpt"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let planted = folder + "/check-die-hard.checkpoint"
        let bytes = try Data(contentsOf: URL(fileURLWithPath: BadInputCorpusTests.dir + name + ".checkpoint"))
        try bytes.write(to: URL(fileURLWithPath: planted))
        let out = scratch.path + "/out"
        BadInputCorpusTests().expect(
            ["nightly", "--profiles", Self.tinyProfile(scratch), "--checkpoint", folder, "--out", out], 2, "\(planted): \(problem)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: planted)) == bytes)
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
