// Fuzzes the scene parser, the easing-spec parser and the Lua API surface:
//   swift run -c release animhost-fuzz [INPUTS] [SEED]
// INPUTS are split 45 % scenes, 45 % easing specs, 10 % generated plugins. A crash ends the process;
// any other broken promise prints the input and exits 1.
import AnimhostFuzzing
import Foundation

let total = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 100_000 : 100_000
let seed = CommandLine.arguments.count > 2 ? UInt64(CommandLine.arguments[2]) ?? 1 : 1
var fuzzer = Fuzzer(seed: seed)
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("animhost-fuzz-\(getpid())")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
let start = Date()
do {
    for i in 0..<total {
        switch i % 20 {
        case 0, 1: try fuzzer.fuzzPlugin(in: folder)
        case 2...10: try fuzzer.fuzzScene()
        default: try fuzzer.fuzzEasing()
        }
    }
} catch {
    print("FINDING after \(fuzzer.counts) inputs (seed \(seed)):\n\(error)")
    exit(1)
}
let counts = fuzzer.counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
print(String(format: "%d inputs (%@) in %.1f s, seed %llu: no crash, no finding", total, counts, Date().timeIntervalSince(start), seed))
