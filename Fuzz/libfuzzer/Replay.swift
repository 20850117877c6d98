#if !ANIMHOST_LIBFUZZER
    import AnimhostFuzzing
    import Foundation

    /// Without libFuzzer: `animhost-libfuzzer --target=NAME [--show] FILE…` runs each saved input (a
    /// corpus entry, a crash reproducer) through the target once, to reproduce it in an ordinary build.
    /// `--show` prints the plugin a lua input stands for instead of running it.
    @main
    enum Replay {
        static func main() {
            let arguments = Array(CommandLine.arguments.dropFirst())
            selectedTarget = selectTarget(arguments)
            for path in arguments where !path.hasPrefix("-") {
                guard let data = FileManager.default.contents(atPath: path) else {
                    FileHandle.standardError.write(Data("animhost-libfuzzer: cannot read \(path)\n".utf8))
                    exit(2)
                }
                if arguments.contains("--show"), selectedTarget == .lua {
                    let (source, request) = data.withUnsafeBytes { FuzzTarget.luaInput($0) }
                    print("-- \(path): \(request.operation.rawValue) at \(request.fps) fps, gesture \(request.gesture ?? "none")\n\(source)")
                    continue
                }
                data.withUnsafeBytes { runOne($0.bindMemory(to: UInt8.self).baseAddress, $0.count) }
                print("\(path): ok")
            }
        }
    }
#endif
