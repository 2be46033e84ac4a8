// The `payform` executable: runs the command line through PayformCLI and exits with its status.
import Foundation
import PayformCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// Writes to a closed socket or pipe fail with EPIPE instead of ending the process.
signal(SIGPIPE, SIG_IGN)

let result = Payform.run(Array(CommandLine.arguments.dropFirst()), context: .process(isTerminal: isatty(STDOUT_FILENO) == 1))
FileHandle.standardOutput.write(Data(result.stdout.utf8))
FileHandle.standardError.write(Data(result.stderr.utf8))
exit(result.exitCode)
