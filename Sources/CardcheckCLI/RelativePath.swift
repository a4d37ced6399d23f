import Foundation

/// The path that leads from one directory to another, both taken from the current directory:
/// how a file written in `from` links to files named relative to `to`.
enum RelativePath {
    /// "" when they are the same directory, else a path ending in "/" (e.g. "../reports/").
    static func prefix(from: String, to: String) -> String {
        let source = components(from), target = components(to)
        var common = 0
        while common < source.count, common < target.count, source[common] == target[common] { common += 1 }
        let steps = Array(repeating: "..", count: source.count - common) + target[common...]
        return steps.isEmpty ? "" : steps.joined(separator: "/") + "/"
    }

    private static func components(_ path: String) -> [String] {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return URL(fileURLWithPath: absolute).standardizedFileURL.resolvingSymlinksInPath().pathComponents.filter { $0 != "/" }
    }
}
