import CardcheckCLI
import Foundation

// The executable only hands the arguments to the command-line library and exits with its code.
exit(CardcheckCommand.main(Array(CommandLine.arguments.dropFirst())))
