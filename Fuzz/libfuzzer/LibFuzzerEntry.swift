// libFuzzer's entry point for the targets of ``FuzzTarget``. scripts/fuzz.sh builds this with
// `-sanitize=fuzzer,address -DANIMHOST_LIBFUZZER`, and libFuzzer's driver runs it:
//   animhost-libfuzzer --target=scene CORPUS… [libFuzzer flags]
// (libFuzzer ignores flags starting with `--`). A finding aborts, so libFuzzer saves the input. An
// ordinary build replays saved inputs instead, without the sanitizer (see Replay.swift).
import AnimhostFuzzing
import Foundation

/// The target this process fuzzes, chosen by `--target=NAME` before the first input.
nonisolated(unsafe) var selectedTarget: FuzzTarget?

/// Reads `--target=NAME` from the command line; exits with the list of targets when it is missing.
func selectTarget(_ arguments: [String]) -> FuzzTarget {
    let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
    guard let value = arguments.first(where: { $0.hasPrefix("--target=") })?.dropFirst("--target=".count) else {
        FileHandle.standardError.write(Data("animhost-libfuzzer: pass --target=NAME (one of \(names))\n".utf8))
        exit(2)
    }
    guard let target = FuzzTarget(rawValue: String(value)) else {
        FileHandle.standardError.write(Data("animhost-libfuzzer: unknown target '\(value)' (expected one of \(names))\n".utf8))
        exit(2)
    }
    return target
}

/// Runs one input through the selected target; a finding is printed and ends the process with abort.
func runOne(_ data: UnsafePointer<UInt8>?, _ size: Int) {
    guard let target = selectedTarget else { return }
    do { try target.run(UnsafeRawBufferPointer(start: data, count: size)) } catch {
        FileHandle.standardError.write(Data("FINDING \(error)\n".utf8))
        abort()
    }
}

#if ANIMHOST_LIBFUZZER
    import CLibFuzzer

    /// The process's entry point (SwiftPM links an executable's `main` to this name): picks the target,
    /// then hands the command line to libFuzzer's driver.
    @_cdecl("animhost_libfuzzer_main")
    public func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
        var count = argc
        var vector = argv
        selectedTarget = selectTarget((0..<Int(argc)).compactMap { argv?[$0].map { String(cString: $0) } })
        return LLVMFuzzerRunDriver(&count, &vector) { data, size in
            runOne(data, size)
            return 0
        }
    }
#endif
