import XCTest
import AnimhostFuzzing

/// A bounded fuzzing run on every test run; `swift run -c release animhost-fuzz` runs long ones.
final class FuzzTests: XCTestCase {
    func testParsersAndTheLuaAPISurviveGeneratedInputs() throws {
        var fuzzer = Fuzzer(seed: 20261122)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("animhost-fuzz-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for _ in 0..<3000 { try fuzzer.fuzzScene() }
        for _ in 0..<3000 { try fuzzer.fuzzEasing() }
        for _ in 0..<150 { try fuzzer.fuzzPlugin(in: folder) }
        XCTAssertEqual(fuzzer.counts, ["scene": 3000, "easing": 3000, "plugin": 150])
    }
}
