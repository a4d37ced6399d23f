import Foundation
import Testing
@testable import CardcheckCLI

@Suite struct PlanCommandTests {
    @Test("the committed Kubernetes manifest is what `cardcheck plan --format kubernetes` writes")
    func manifestIsCurrent() throws {
        let c = CapturedConsole()
        #expect(c.run("plan", "--format", "kubernetes") == 0)
        let committed = try String(contentsOfFile: ".ci/kubernetes/nightly-job.yaml", encoding: .utf8)
        #expect(c.out.joined(separator: "\n") + "\n" == committed)
    }

    @Test("the matrix names every shard once, in order")
    func matrix() {
        let c = CapturedConsole()
        #expect(c.run("plan", "--format", "matrix", "--shards", "3") == 0)
        #expect(c.out == [#"{"shard":["1/3","2/3","3/3"]}"#])
    }

    @Test("bad input is one line and exit 2", arguments: [
        (["plan", "--format", "yaml"], "cardcheck: --format must be json, matrix or kubernetes, got 'yaml'"),
        (["plan", "--shards", "0"], "cardcheck: --shards must be a positive integer, got '0'"),
        (["plan", "--profiles", "/nonexistent.json"], "cardcheck: /nonexistent.json: no such file"),
    ])
    func badInput(arguments: [String], message: String) {
        let c = CapturedConsole()
        #expect(CardcheckCommand.run(arguments, console: c.console) == 2)
        #expect(c.err == [message])
    }
}

@Suite struct PlanDistributedTests {
    @Test("the committed MPIJob is what `cardcheck plan --format kubernetes --distributed` writes")
    func mpiJobIsCurrent() throws {
        let c = CapturedConsole()
        #expect(c.run("plan", "--format", "kubernetes", "--distributed", "fleet-card-nightly-wide", "--ranks", "16", "--budget", "3") == 0)
        let committed = try String(contentsOfFile: ".ci/kubernetes/nightly-wide-mpijob.yaml", encoding: .utf8)
        #expect(c.out.joined(separator: "\n") + "\n" == committed)
    }

    @Test("bad input to --distributed is one line and exit 2", arguments: [
        (["plan", "--distributed", "die-hard", "--ranks", "2"], "cardcheck: --distributed is only used with --format kubernetes"),
        (["plan", "--format", "kubernetes", "--distributed", "die-hard"], "cardcheck: --distributed needs --ranks N (one rank per worker pod)"),
        (["plan", "--format", "kubernetes", "--distributed", "../etc/passwd", "--ranks", "2"],
         "cardcheck: --distributed must name a configuration in Models (ASCII letters, digits, '-' and '_', a letter or digit first and last, as a Kubernetes name needs), got '../etc/passwd'"),
        (["plan", "--format", "kubernetes", "--distributed", "die-hard-", "--ranks", "2"],
         "cardcheck: --distributed must name a configuration in Models (ASCII letters, digits, '-' and '_', a letter or digit first and last, as a Kubernetes name needs), got 'die-hard-'"),
        (["plan", "--format", "kubernetes", "--distributed", "_die-hard", "--ranks", "2"],
         "cardcheck: --distributed must name a configuration in Models (ASCII letters, digits, '-' and '_', a letter or digit first and last, as a Kubernetes name needs), got '_die-hard'"),
        (["plan", "--format", "kubernetes", "--distributed", "dié-hard", "--ranks", "2"],
         "cardcheck: --distributed must name a configuration in Models (ASCII letters, digits, '-' and '_', a letter or digit first and last, as a Kubernetes name needs), got 'dié-hard'"),
        (["plan", "--format", "kubernetes", "--ranks", "2"], "cardcheck: --ranks is only used with --distributed"),
        (["plan", "--format", "kubernetes", "--distributed", "no-such-world", "--ranks", "2"], "cardcheck: Models/no-such-world.json: no such file"),
    ])
    func badInput(arguments: [String], message: String) {
        let c = CapturedConsole()
        #expect(CardcheckCommand.run(arguments, console: c.console) == 2)
        #expect(c.err == [message])
        #expect(c.out.isEmpty)
    }
}
