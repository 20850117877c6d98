import XCTest
import AnimhostTestSupport

/// `--from`, `--to`, `--operation`, `--fps` and `--param` are one group of options shared by `run`,
/// `preview` and `check`: each command's `--help` lists all five, worded the same for the two that
/// run one transition, and for `check` as what narrows its sweep.
final class SceneOptionsHelpTests: XCTestCase {
    static let options = ["--from", "--to", "--operation", "--fps", "--param"]

    /// The help of each of ``options`` in `animhost command --help`, its wrapped lines joined.
    private func help(_ command: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String: String] {
        let r = try CLI.run([command, "--help"])
        XCTAssertEqual(r.code, 0, r.err, file: file, line: line)
        var texts: [String: String] = [:], current: String?
        for row in r.out.split(separator: "\n", omittingEmptySubsequences: false) {
            let words = row.split(separator: " ")
            if row.hasPrefix("  -"), let name = words.first.map(String.init) {
                current = Self.options.contains(name) ? name : nil
                if let current { texts[current] = words.dropFirst(2).joined(separator: " ") }
            } else if let name = current, row.hasPrefix("      ") {
                texts[name, default: ""] += " " + words.joined(separator: " ")
            } else {
                current = nil
            }
        }
        return texts
    }

    func testRunAndPreviewDescribeTheTransitionTheyRunAlike() throws {
        let run = try help("run"), preview = try help("preview")
        XCTAssertEqual(Set(run.keys), Set(Self.options), "\(run)")
        XCTAssertEqual(run, preview)
        // The defaults docs/cli.md gives: push at 60 frames per second, rates from 1 to 1000.
        XCTAssertEqual(
            run["--operation"],
            "The transition's operation (default: push); a dismiss of a plugin with a presentation plays its present first, unseen. (values: push, pop, present, dismiss)")
        XCTAssertEqual(run["--fps"], "Frames per second of the sampling, 1 to 1000 (default: 60).")
        XCTAssertEqual(run["--from"], "The scene transitioned from: a built-in name or a .json file.")
        XCTAssertEqual(run["--param"], "Override a plugin param (repeatable).")
    }

    func testCheckDescribesWhatEachOptionNarrows() throws {
        let check = try help("check"), run = try help("run")
        XCTAssertEqual(Set(check.keys), Set(Self.options), "\(check)")
        XCTAssertEqual(check["--operation"], "Check only this operation. (values: push, pop, present, dismiss)")
        XCTAssertEqual(check["--fps"], "Check only at this rate (1 to 1000 frames per second).")
        XCTAssertEqual(check["--from"], "The scene push and present start from (pop and dismiss end there).")
        XCTAssertEqual(check["--param"], run["--param"])
    }
}
