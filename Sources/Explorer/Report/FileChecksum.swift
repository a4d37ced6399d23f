import Foundation

/// The checksum a file the tool writes and later reads back carries (a checkpoint, a shard
/// report, a done marker): the checkpoint's, as 16 hexadecimal digits.
public enum FileChecksum {
    public static func hex(_ data: Data) -> String {
        let value = data.withUnsafeBytes(SearchCheckpoint.checksum)
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
