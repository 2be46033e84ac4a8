// The `payform` executable: runs the command line through PayformCLI and exits with its status.
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
// A reader that went away (`payform decrypt ... | head -c 1`) ends the process quietly with
// status 2: there is no one left to tell, and a message could be what breaks next.
guard StandardStream.output.write(result.stdout), StandardStream.error.write(result.stderr) else { exit(2) }
exit(result.exitCode)
