import Foundation

/// The shell in the docs' ```sh blocks, read just far enough to run each command they show:
/// `\` continuations (inside double quotes too, as sh joins them), `#` comments, quotes,
/// `VAR=value`, `$VAR`, `*`, `for … in …; do …; done`, `;`, `&&`, `|` and `>`. Whatever else a block holds is words of a command, so an unknown
/// command still reaches the runner, which refuses it by name instead of skipping it.
enum DocumentedShell {
    /// One ```sh block of a page: the line its text starts on, and the text.
    struct Block: Equatable {
        let page: String
        let line: Int
        let text: String
    }

    /// A word: literal text, variable references and globs, expanded when the command runs.
    struct Word: Equatable {
        enum Piece: Equatable { case text(String), variable(String, quoted: Bool), star }
        var pieces: [Piece] = []
        var literal: String? {
            pieces.allSatisfy { if case .text = $0 { true } else { false } }
                ? pieces.map { if case .text(let t) = $0 { t } else { "" } }.joined() : nil
        }
    }

    enum Token: Equatable { case word(Word), op(String) }

    /// What a block says to do, in order. A redirect's target is dropped: nothing is written.
    indirect enum Statement: Equatable {
        case pipeline([[Word]], line: Int)
        case loop(variable: String, over: [Word], body: [Statement])
    }

    /// The fenced `sh`, `bash` or `shell` blocks of `markdown`, indented ones included.
    static func blocks(page: String, markdown: String) -> [Block] {
        var result: [Block] = []
        var shell: (line: Int, indent: Int, lines: [String])?
        var other = false
        for (n, line) in markdown.components(separatedBy: "\n").enumerated() {
            let indent = line.prefix(while: { $0 == " " }).count
            let fence = line.dropFirst(indent).hasPrefix("```")
            if let open = shell {
                if fence {
                    result.append(Block(page: page, line: open.line, text: open.lines.joined(separator: "\n")))
                    shell = nil
                } else {
                    shell?.lines.append(String(line.dropFirst(min(indent, open.indent))))
                }
            } else if fence && other {
                other = false
            } else if fence {
                let language = line.dropFirst(indent + 3).trimmingCharacters(in: .whitespaces)
                if ["sh", "bash", "shell"].contains(language) { shell = (n + 2, indent, []) } else { other = true }
            }
        }
        return result
    }

    /// The tokens of `text`, each with the line it is on (a newline is a `;`).
    static func tokens(_ text: String, firstLine: Int) -> [(Token, Int)] {
        var out: [(Token, Int)] = []
        var word = Word(), inWord = false, line = firstLine
        var chars = Array(text)[...]
        func flush() {
            if inWord { out.append((.word(word), line)) }
            word = Word()
            inWord = false
        }
        func add(_ c: Character) {
            if case .text(let t)? = word.pieces.last { word.pieces[word.pieces.count - 1] = .text(t + String(c)) } else { word.pieces.append(.text(String(c))) }
            inWord = true
        }
        func variable(quoted: Bool) {
            let name = chars.prefix(while: { $0.isLetter || $0.isNumber || $0 == "_" })
            chars = chars.dropFirst(name.count)
            word.pieces.append(.variable(String(name), quoted: quoted))
            inWord = true
        }
        while let c = chars.popFirst() {
            switch c {
            case "\\" where chars.first == "\n": chars.removeFirst(); line += 1
            case "\n": flush(); out.append((.op(";"), line)); line += 1
            case " ", "\t": flush()
            case "#" where !inWord: while let n = chars.first, n != "\n" { chars.removeFirst() }
            case "'":
                inWord = true
                while let n = chars.popFirst(), n != "'" { if n == "\n" { line += 1 }; add(n) }
            case "\"":
                // Inside double quotes sh drops a backslash-newline (the word goes on on the next line).
                inWord = true
                while let n = chars.popFirst(), n != "\"" {
                    if n == "\\" && chars.first == "\n" { chars.removeFirst(); line += 1 }
                    else if n == "$" { variable(quoted: true) }
                    else { if n == "\n" { line += 1 }; add(n) }
                }
            case "$": variable(quoted: false)
            case "*": word.pieces.append(.star); inWord = true
            case ";", "|", ">", "&":
                flush()
                var op = String(c)
                if let n = chars.first, (c == "&" || c == "|" || c == ">"), n == c { op.append(n); chars.removeFirst() }
                out.append((.op(op), line))
            default: add(c)
            }
        }
        flush()
        return out
    }

    /// The statements of a block.
    static func statements(_ block: Block) throws -> [Statement] {
        var tokens = tokens(block.text, firstLine: block.line)[...]
        let list = try statements(&tokens, until: nil)
        return list
    }

    struct SyntaxError: Error, CustomStringConvertible { let description: String }

    private static func statements(_ tokens: inout ArraySlice<(Token, Int)>, until end: String?) throws -> [Statement] {
        var list: [Statement] = []
        while let (token, line) = tokens.first {
            if case .op = token { tokens.removeFirst(); continue }  // ; && separate statements
            guard case .word(let w) = token else { continue }
            if let end, w.literal == end { tokens.removeFirst(); return list }
            if w.literal == "for" {
                tokens.removeFirst()
                guard case .word(let v)? = tokens.popFirst()?.0, let name = v.literal,
                      case .word(let kw)? = tokens.popFirst()?.0, kw.literal == "in"
                else { throw SyntaxError(description: "line \(line): a for loop needs `for NAME in WORDS; do …; done`") }
                var over: [Word] = []
                while case .word(let item)? = tokens.first?.0 { over.append(item); tokens.removeFirst() }
                while case .op? = tokens.first?.0 { tokens.removeFirst() }
                guard case .word(let d)? = tokens.popFirst()?.0, d.literal == "do" else {
                    throw SyntaxError(description: "line \(line): a for loop needs `do`")
                }
                list.append(.loop(variable: name, over: over, body: try statements(&tokens, until: "done")))
                continue
            }
            list.append(pipeline(&tokens, line: line))
        }
        if let end { throw SyntaxError(description: "a block ends before its `\(end)`") }
        return list
    }

    /// Stages separated by `|`, up to `;`, `&&` or `||`; a `>` drops the word after it.
    private static func pipeline(_ tokens: inout ArraySlice<(Token, Int)>, line: Int) -> Statement {
        var stages: [[Word]] = [[]]
        while let (token, _) = tokens.first {
            switch token {
            case .word(let w): stages[stages.count - 1].append(w); tokens.removeFirst()
            case .op("|"): stages.append([]); tokens.removeFirst()
            case .op(">"), .op(">>"): tokens.removeFirst(); if case .word? = tokens.first?.0 { tokens.removeFirst() }
            case .op: return .pipeline(stages, line: line)
            }
        }
        return .pipeline(stages, line: line)
    }
}
