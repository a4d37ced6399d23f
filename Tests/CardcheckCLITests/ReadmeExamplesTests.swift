import Foundation
import Testing
@testable import CardcheckCLI

/// The commands the README and every page of `Docs/` show, run as written (`DocumentedRunner`
/// says how they are cut short), so a renamed flag, a moved file or a mistyped filter in the
/// docs fails here. A page added to `Docs/` is picked up without a change to this file.
@Suite struct ReadmeExamplesTests {
    /// `README.md`, then `Docs/*.md` in name order.
    static func pages() -> [String] {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: "Docs")) ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "Docs/" + $0 }
    }

    static func text(_ page: String) throws -> String { try String(contentsOfFile: page, encoding: .utf8) }

    @Test("every command a page shows runs as written", arguments: pages())
    func pageCommandsRun(page: String) throws {
        let runner = DocumentedRunner(page: page)
        for block in DocumentedShell.blocks(page: page, markdown: try Self.text(page)) {
            runner.run(try DocumentedShell.statements(block))
        }
        for failure in runner.failures { Issue.record(Comment(rawValue: failure)) }
    }

    @Test("the examples cover README.md and every Docs page, and each page's commands are found")
    func pagesAreFound() throws {
        let pages = Self.pages()
        #expect(pages.first == "README.md")
        #expect(pages.contains("Docs/command-line.md") && pages.contains("Docs/fleet-model.md"))
        for page in ["README.md", "Docs/command-line.md", "Docs/fleet-model.md", "Docs/ci.md"] {
            let runner = DocumentedRunner(page: page)
            for block in DocumentedShell.blocks(page: page, markdown: try Self.text(page)) {
                runner.run(try DocumentedShell.statements(block))
            }
            #expect(runner.commandsRun >= 2, "\(page): \(runner.commandsRun) commands found")
        }
    }

    @Test("the README opens with the two commands a newcomer needs on a fresh machine")
    func readmeOpensWithTheTwoCommands() throws {
        let first = try #require(DocumentedShell.blocks(page: "README.md", markdown: try Self.text("README.md")).first)
        let commands = first.text.split(separator: "\n").map { $0.split(separator: "#")[0].trimmingCharacters(in: .whitespaces) }
        #expect(commands == [
            "bash .ci/setup && swift run -c release cardcheck check Models/fleet-card.json --count",
            "swift test",
        ])
    }

    @Test("the README's exit-code table is the one in Docs/command-line.md")
    func exitCodeTablesAgree() throws {
        func table(_ page: String) throws -> [Substring] {
            try Self.text(page).split(separator: "\n").drop { !$0.hasPrefix("| code | meaning |") }.prefix { $0.hasPrefix("|") }
        }
        let readme = try table("README.md")
        #expect(readme.count == 8)
        #expect(readme == (try table("Docs/command-line.md")))
    }

    @Test("the shell reader expands loops, variables and continuations as sh does")
    func shellReader() throws {
        let block = DocumentedShell.Block(page: "p", line: 1, text: """
            for c in a \\
              b; do
              echo Models/$c.json --write "x $c"; done   # a comment
            W="one \\
              two"
            echo $W && echo "$W" | grep -v '^wrote ' > out.md
            """)
        let statements = try DocumentedShell.statements(block)
        #expect(statements.count == 4)
        guard case .loop(let variable, let over, let body) = statements[0] else { Issue.record("no loop"); return }
        #expect(variable == "c" && over.count == 2 && body.count == 1)
        let runner = DocumentedRunner(page: "p")
        runner.run([statements[1]])
        guard case .pipeline(let stages, let line) = statements[2] else { Issue.record("no pipeline"); return }
        #expect(line == 6 && stages.count == 1)
        #expect(stages[0].flatMap(runner.expand) == ["echo", "one", "two"])
        guard case .pipeline(let piped, _) = statements[3] else { Issue.record("no pipe"); return }
        // A quoted backslash-newline is dropped as sh drops it: the next line's spaces stay.
        #expect(piped.map { $0.flatMap(runner.expand) } == [["echo", "one   two"], ["grep", "-v", "^wrote "]])
        guard case .pipeline(let loopStages, let loopLine) = body[0] else { Issue.record("no loop body"); return }
        #expect(loopLine == 3)
        runner.run([.loop(variable: "c", over: [over[1]], body: [])])
        #expect(loopStages[0].flatMap(runner.expand) == ["echo", "Models/b.json", "--write", "x b"])
    }
}
