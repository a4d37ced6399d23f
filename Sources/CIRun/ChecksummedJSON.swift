import Explorer
import Foundation

/// A JSON file the tool writes and later reads back (a shard report, a done marker), with a
/// `checksum` member over the file's canonical bytes without it: a file edited or damaged
/// since it was written is refused whole, as a checkpoint is, not taken for what it says.
public protocol ChecksummedJSON: Codable {
    var checksum: String? { get set }
    /// The canonical bytes of the value as it stands (the checksum member included when set).
    func canonicalBytes() -> Data
}

extension ChecksummedJSON {
    /// The canonical bytes with the checksum over the same bytes without it.
    public func checksummedBytes() -> Data {
        var copy = self
        copy.checksum = nil
        copy.checksum = FileChecksum.hex(copy.canonicalBytes())
        return copy.canonicalBytes()
    }

    /// Why `data`, decoded as this value, is not a file the tool wrote (nil: it is, whole):
    /// no checksum, a checksum the contents do not give, or bytes other than the tool's
    /// own (reformatted, keys added). The value is returned without its checksum.
    public func checksumProblem(of data: Data) -> String? {
        guard let checksum else { return "no \"checksum\": not a file this cardcheck wrote" }
        var bare = self
        bare.checksum = nil
        let expected = FileChecksum.hex(bare.canonicalBytes())
        guard checksum == expected else {
            return "\"checksum\" is \(StrictJSON.shortened(checksum)), but the contents give \(expected): edited or damaged since it was written"
        }
        guard canonicalBytes() == data else {
            return "not byte for byte as this cardcheck writes it (reformatted, or keys added): edited since it was written"
        }
        return nil
    }
}
