/// The `cardcheck` command line: parses, calls the library, prints. (Being built: issue 2.)
public enum CardcheckCommand {
    /// Runs the command for `arguments` (without the program name) and returns the exit code.
    public static func main(_ arguments: [String]) -> Int32 {
        print("cardcheck: not built yet")
        return 2
    }
}
