import Foundation
import Testing
@testable import CardcheckCLI

/// The prefix `merge` puts before a story path when no --story-base is given.
struct RelativePathTests {
    @Test("the way from one folder to another", arguments: [
        ("/a/b", "/a/b", ""),
        ("/a/b/merged", "/a/b", "../"),
        ("/a/merged", "/a/reports", "../reports/"),
        ("/a/b", "/a/b/c/", "c/"),
        ("/a/./x/../merged", "/a", "../"),
        ("/x/y/z", "/a", "../../../a/"),
    ])
    func prefix(_ from: String, _ to: String, _ expected: String) {
        #expect(RelativePath.prefix(from: from, to: to) == expected)
    }

    @Test("relative folders are taken from the current directory")
    func relative() {
        #expect(RelativePath.prefix(from: "merged", to: ".") == "../")
        #expect(RelativePath.prefix(from: ".", to: ".") == "")
    }
}
