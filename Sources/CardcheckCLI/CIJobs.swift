import CIRun
import Foundation

/// The model side of the CI commands: configurations by stem, their guards, the baseline.
enum CIJobs {
    /// `Models/<stem>.json`.
    static func path(_ stem: String) -> String { "Models/\(stem).json" }

    static func loadBaseline(_ path: String?) throws -> Baseline {
        do {
            return try Baseline.load(path: path ?? Baseline.defaultPath)
        } catch let error as CIError {
            throw CommandError(error.description)
        }
    }

    /// The guard names of the configuration `stem`'s mutants, from its catalog entry.
    static func guardNames(_ stem: String) throws -> [String] {
        try ConfigFile(path: path(stem)).open().guardNames
    }
}
