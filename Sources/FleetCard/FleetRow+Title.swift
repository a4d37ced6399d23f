/// How each writer writes a row's title (Models/README.md, "Titles"; Docs/fleet-card-writers.md).
/// The spec calls the writers mirrors ("there is no fidelity seam"); the real ones differ here.
extension FleetRow {
    /// The longest title the server puts on a row, in UTF-16 code units: 79 and "…".
    public static let maxServerTitleLength = 80

    /// The title `writer` puts on a row (`appTitle`, `serverTitle`).
    public static func displayTitle(_ title: String, sid: String, writer: FleetWriter) -> String {
        writer == .server ? serverTitle(title, sid: sid) : appTitle(title, sid: sid)
    }

    /// The app's row title: the session's title whole (no trim, no cut); an empty title falls
    /// back to the sid's first 8 Characters, then "Session".
    public static func appTitle(_ title: String, sid: String) -> String {
        !title.isEmpty ? title : !sid.isEmpty ? String(sid.prefix(8)) : "Session"
    }

    /// The server's row title, as its TypeScript computes it (spec: "reduceFleetLiveActivity
    /// (TypeScript)"): the fallback first, on the raw title (`title || sid.slice(0, 8) ||
    /// "Session"`), then the clip (`serverClip`). So a blank title (only whitespace) is not empty
    /// when the fallback looks, and renders as "" after the clip (issue 50, item 6).
    public static func serverTitle(_ title: String, sid: String) -> String {
        serverClip(!title.isEmpty ? title : !sid.isEmpty ? jsPrefix(sid, 8) : "Session")
    }

    /// The watcher's clip: `t.replace(/\s+/g, " ").trim()`, then, when its `length` passes 80,
    /// `slice(0, 79).trimEnd() + "…"`. JavaScript strings count UTF-16 code units, so "é" is 1,
    /// "😀" 2 and "🇫🇷" 4. A cut between the two halves of a surrogate pair leaves a lone
    /// surrogate, which a Swift String cannot hold: it becomes U+FFFD.
    static func serverClip(_ text: String) -> String {
        let clean = jsTrimmed(jsCollapsed(text))
        guard clean.utf16.count > maxServerTitleLength else { return clean }
        return jsTrimmedEnd(jsPrefix(clean, maxServerTitleLength - 1)) + "…"
    }

    /// JavaScript's `text.slice(0, n)`: the first `n` UTF-16 code units.
    static func jsPrefix(_ text: String, _ n: Int) -> String {
        String(decoding: text.utf16.prefix(n), as: UTF16.self)
    }

    /// JavaScript's `trim()`: leading and trailing WhiteSpace and LineTerminator code points
    /// (ECMA-262: TAB, VT, FF, SP, NBSP, ZWNBSP U+FEFF, the Zs category, LF, CR, LS, PS). It
    /// differs from Swift's `Character.isWhitespace`: U+FEFF is trimmed, U+0085 (NEL) is not.
    static func jsTrimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isJSWhitespace($0) }),
            let last = scalars.lastIndex(where: { !isJSWhitespace($0) })
        else { return "" }
        return String(scalars[first...last])
    }

    /// JavaScript's `trimEnd()`: trailing WhiteSpace and LineTerminator code points only.
    static func jsTrimmedEnd(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let last = scalars.lastIndex(where: { !isJSWhitespace($0) }) else { return "" }
        return String(scalars[...last])
    }

    /// `text.replace(/\s+/g, " ")`: every run of JavaScript whitespace (`\s` is the set `trim()`
    /// strips) becomes one space.
    static func jsCollapsed(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var inRun = false
        for u in text.unicodeScalars {
            if isJSWhitespace(u) {
                if !inRun { out.append(" ") }
                inRun = true
            } else {
                out.append(u)
                inRun = false
            }
        }
        return String(out)
    }

    static func isJSWhitespace(_ u: Unicode.Scalar) -> Bool {
        switch u.value {
        case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F,
            0x3000, 0xFEFF:
            true
        default: false
        }
    }

    /// `title` without leading and trailing whitespace (Character.isWhitespace: spaces, tabs,
    /// line breaks), as the app trims a hidden-dir entry.
    static func trimmed(_ title: String) -> String {
        guard let first = title.firstIndex(where: { !$0.isWhitespace }),
            let last = title.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(title[first...last])
    }
}
