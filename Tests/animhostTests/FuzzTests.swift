import XCTest
import AnimhostFuzzing
import AnimhostCore
import Foundation
import AnimhostTestSupport

/// A bounded fuzzing run on every test run; `swift run -c release animhost-fuzz` runs long ones.
final class FuzzTests: XCTestCase {
    func testParsersAndTheLuaAPISurviveGeneratedInputs() throws {
        var fuzzer = Fuzzer(seed: 20261122)
        let folder = try temporaryFolder("fuzz-test")
        for _ in 0..<3000 { try fuzzer.fuzzScene() }
        for _ in 0..<3000 { try fuzzer.fuzzEasing() }
        for _ in 0..<150 { try fuzzer.fuzzPlugin(in: folder) }
        // A generator whose inputs all parse never reaches the error paths, and one whose inputs are all
        // refused never gets past the first check: each target must see both, at least 1 in 20 accepted.
        for (target, count) in fuzzer.counts {
            let refused = fuzzer.refused[target, default: 0]
            XCTAssertGreaterThan(refused, 0, "\(target): none of \(count) refused")
            XCTAssertGreaterThanOrEqual(count - refused, count / 20, "\(target): \(refused) of \(count) refused")
        }
        XCTAssertEqual(Set(fuzzer.counts.keys), ["scene", "easing", "plugin"])
    }
}
