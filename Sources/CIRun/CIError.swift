import Explorer
import Foundation
/// Bad input to a CI command (a baseline, a plan, a shard report): one line naming the file.
public struct CIError: Error, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }

    static func missingFile(_ path: String) -> Self { Self("\(path): no such file") }
    /// Why `path` gave no bytes: missing, a directory, or not readable (a FIFO, a device, permissions).
    static func cannotRead(_ path: String) -> Self {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return missingFile(path) }
        if isDirectory.boolValue { return Self("\(path): is a directory, not a file") }
        return Self("\(path): cannot be read (not a regular file, or permission denied)")
    }
    /// `data` parsed strictly; the reader's message (with its JSON path) names what is wrong,
    /// as it does for a configuration.
    static func parse(_ data: Data, path: String) throws(CIError) -> JSONValue {
        do {
            return try JSONValue(parsing: data)
        } catch {
            throw Self("\(path): not valid JSON: \(StrictJSON.oneLine(error.description))")
        }
    }
    static func bad(_ path: String, _ detail: String) -> Self { Self("\(path): \(detail)") }
}
