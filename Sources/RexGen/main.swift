import ArgumentParser
import Foundation

// Exit codes are part of the CLI contract: 0 success (warnings allowed), 1 errors in input, 2 usage.
do {
    var command = try RexGenCommand.parseAsRoot()
    try command.run()
} catch let exitCode as ExitCode {
    exit(exitCode.rawValue)
} catch {
    let code = RexGenCommand.exitCode(for: error)
    let message = RexGenCommand.fullMessage(for: error)
    if code == .success {
        print(message)
        exit(0)
    }
    Console.error(message)
    exit(code == .validationFailure ? 2 : 1)
}
