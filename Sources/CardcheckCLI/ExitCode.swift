/// The exit codes of every `cardcheck` command (README: "Exit codes").
public enum ExitCode {
    /// Everything as expected: every property holds or is an expected finding, exhaustively.
    public static let pass: Int32 = 0
    /// A property fails unexpectedly, an expected finding is missing, a guard survives, or a
    /// replay diverges.
    public static let fail: Int32 = 1
    /// Bad input: a flag, a configuration or a trace (one line on stderr).
    public static let badInput: Int32 = 2
    /// Stopped by `--max-states` or `--time-limit` before the bounds were covered, with
    /// nothing failing so far: the partial report is printed, marked NOT exhaustive.
    public static let partial: Int32 = 3
    /// Standard output or a file could not be written (a full disk, a closed stream).
    public static let outputFailed: Int32 = 4
    /// Interrupted by SIGINT (Ctrl-C) or SIGTERM: 128 + the signal, after the partial report.
    public static let interrupted: Int32 = 130
    public static let terminated: Int32 = 143
}
