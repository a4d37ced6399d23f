import Foundation

/// One measured search of `cardcheck bench`, run as a child process (`bench --run`) so its peak
/// memory owes nothing to the searches before it. The parent waits, stops the child when it is
/// itself stopped (the child is in its own process group, so a terminal's Ctrl-C reaches the
/// parent alone), and reads the child's figures line.
enum BenchChild {
    /// This executable (Linux: the running image itself, even if the file was rebuilt since).
    static var executable: String {
        #if os(Linux)
        "/proc/self/exe"
        #else
        Bundle.main.executablePath ?? CommandLine.arguments[0]
        #endif
    }

    enum Outcome: Equatable {
        case figures(BenchFigures)
        /// The parent was stopped (Ctrl-C, SIGTERM); the child has been stopped too.
        case stopped
    }

    /// Runs `executable arguments` and returns the figures line it printed; `what` names the run
    /// in errors. Standard output and error are read together: the figures line, or the first
    /// line of what went wrong.
    static func run(_ executable: String, _ arguments: [String], what: String, stop: RunStop) throws -> Outcome {
        guard let lines = try output(executable, arguments, what: what, stop: stop) else { return .stopped }
        guard let figures = lines.lazy.compactMap(BenchFigures.init(line:)).first else {
            throw CommandError.benchChildFailed(what, "no figures line (\(BenchFigures.tag) ...) in its output")
        }
        return .figures(figures)
    }

    /// Runs `executable arguments` (in `directory`, or this process's) to its exit (0, or one of
    /// `accepting`) and returns the lines it printed (standard output and error together); nil
    /// when the parent was stopped meanwhile (the child is stopped too). A failing child throws,
    /// naming `what` and its first line of output.
    static func output(
        _ executable: String, _ arguments: [String], what: String, stop: RunStop, directory: String? = nil,
        accepting: Set<Int32> = [0]
    ) throws -> [String]? {
        var pipe: [Int32] = [-1, -1]
        guard Foundation.pipe(&pipe) == 0 else { throw CommandError.benchChildFailed(what, "cannot start \(executable)") }
        // Close-on-exec both ends: the child gets the write end as its 1 and 2 alone.
        for end in pipe { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        defer { close(pipe[0]) }
        let child = spawn(executable, arguments, output: pipe[1], directory: directory)
        close(pipe[1])
        guard let child else { throw CommandError.benchChildFailed(what, "cannot start \(executable)") }
        let (output, status) = read(pipe[0], until: child, stop: stop)
        let text = String(decoding: output, as: UTF8.self)
        if stop.signal.isRaised { return nil }
        let lines = text.split(separator: "\n").map(String.init)
        // A wait status: the low seven bits are the signal that ended it (0: it exited), the next eight the exit code.
        if status & 0x7F != 0 {
            throw CommandError.benchChildFailed(what, "killed by signal \(status & 0x7F)")
        }
        let code = (status >> 8) & 0xFF
        guard accepting.contains(code) else {
            var first = lines.first { !$0.isEmpty } ?? "no output"
            if first.hasPrefix("cardcheck: ") { first.removeFirst("cardcheck: ".count) }
            throw CommandError.benchChildFailed(what, "exit \(code): \(first)")
        }
        return lines
    }

    /// Starts `executable arguments` with standard output and error to `output`, standard input
    /// from /dev/null, in `directory`, in a process group of its own (a terminal's Ctrl-C reaches
    /// the bench alone, which stops it), with SIGINT, SIGTERM and SIGPIPE at their defaults and
    /// none blocked (this process blocks the first two in every thread); nil when it cannot.
    /// Not Foundation's `Process`: it takes a child for running as long as any process the child
    /// started holds a descriptor it passed down, so a baseline's background child hung the bench.
    static func spawn(_ executable: String, _ arguments: [String], output: Int32, directory: String?) -> pid_t? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        posix_spawn_file_actions_adddup2(&actions, output, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGPIPE] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        // In another folder through the shell's cd (Glibc's spawn-time chdir is not in Swift's view of it).
        let command = directory.map { ["/bin/sh", "-c", "cd -- \"$0\" && exec \"$@\"", $0, executable] + arguments } ?? [executable] + arguments
        let argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, command[0], &actions, &attributes, argv, environ) == 0 else { return nil }
        return pid
    }

    /// What the child writes to `fd` until it exits (then what is left in the pipe), read as it
    /// comes (a crashing child may write more than a pipe holds), and its wait status. Not to
    /// the pipe's end: a process the child started may hold it open long after (or forever),
    /// and the bench must neither wait for it nor miss a stop. Stopped, the child is killed, and
    /// the read ends when it is gone.
    static func read(_ fd: Int32, until child: pid_t, stop: RunStop) -> (Data, Int32) {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        /// Takes what `fd` has within `milliseconds`; false at its end or on an error.
        func drain(waiting milliseconds: Int32) -> Bool {
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let n = poll(&ready, 1, milliseconds)
            if n < 0 { return errno == EINTR }
            if n == 0 { return true }
            let count = buffer.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, $0.count) }
            if count < 0 { return errno == EINTR || errno == EAGAIN }
            if count == 0 { return false }
            data.append(contentsOf: buffer[0..<count])
            return true
        }
        var open = true, signalled = false
        var status: Int32 = 0
        while true {
            let reaped = waitpid(child, &status, WNOHANG)
            if reaped == child || (reaped < 0 && errno != EINTR) { break }
            if stop.signal.isRaised && !signalled {
                kill(child, SIGKILL)  // it holds nothing, and cannot block this
                signalled = true
            }
            if open { open = drain(waiting: 10) } else { usleep(10_000) }
        }
        // The child is gone: what it wrote is in the pipe already; take that, and no more.
        while open && !stop.signal.isRaised {
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 0) > 0 else { break }
            open = drain(waiting: 0)
        }
        return (data, status)
    }
}
