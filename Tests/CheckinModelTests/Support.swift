import Foundation
@testable import CheckinModel

enum Repository {
    /// The package root, found from this file's path.
    static let root: String = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    static func config(_ name: String) throws -> CheckinConfig {
        try CheckinConfig.load(path: root + "/Models/" + name)
    }
}
