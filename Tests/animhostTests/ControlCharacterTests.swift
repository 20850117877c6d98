import XCTest
import Foundation
import AnimhostTestSupport

/// Plugin and spec text carrying terminal control sequences (ESC, BEL, CR, OSC 52, which sets the
/// clipboard, C1 controls and bidirectional overrides) reaches the terminal as visible escapes, and
/// JUnit reports stay well-formed XML 1.0.
final class ControlCharacterTests: XCTestCase {
    /// ESC ] 52 (OSC 52, the clipboard), BEL, CR, a C1 CSI and a right-to-left override.
    static let hostile = #"\27]52;c;ZWNobyBvd25lZA==\7\rX\194\155\226\128\174"#

    /// No byte a terminal acts on: C0 controls but line feed and tab, DEL, C1 controls (as UTF-8),
    /// U+202E. Returns what was found.
    func controls(in text: String) -> [String] {
        text.unicodeScalars.filter { s in
            (s.value < 0x20 && s != "\n" && s != "\t") || (0x7F...0x9F).contains(s.value) || s.value == 0x202E
        }.map { String(format: "U+%04X", $0.value) }
    }

    func write(_ text: String, to dir: URL, _ name: String) throws {
        try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    func testPrintErrorsAndListShowControlCharactersAsEscapes() throws {
        let dir = try temporaryFolder("controls")
        let h = Self.hostile
        try write(
            """
            local p = { name = "evil", summary = "sum\(h)", scenes = { from = "grid", to = "detail" },
                        params = { ["k\(h)"] = "v\(h)" } }
            function p.duration() return 0.3 end
            function p.animate(ctx)
              print("printed\(h)")
              error("failed\(h)")
            end
            return p
            """, to: dir, "evil.lua")
        let run = try CLI.run(["run", "evil.lua", "--format", "none"], in: dir)
        XCTAssertEqual(run.code, 1, run.err)
        XCTAssertEqual(controls(in: run.err + run.out), [], run.err)
        XCTAssertTrue(run.err.contains(#"printed\x1b]52;c;ZWNobyBvd25lZA==\x07\x0dX\x9b\u202e"#), run.err)
        XCTAssertTrue(run.err.contains(#"failed\x1b]52"#), run.err)
        let list = try CLI.run(["list", "--plugins", "."], in: dir)
        XCTAssertEqual(controls(in: list.err + list.out), [], list.out)
        for shown in [#"sum\x1b]52"#, #"k\x1b]52"#, #"v\x1b]52"#] {
            XCTAssertTrue(list.out.contains(shown), "\(shown) in \(list.out)")
        }
    }

    /// `animhost test --output junit` on specs whose names and messages hold every C0 control: the
    /// report parses as XML (Python's parser, an implementation independent of ours) and shows the
    /// names with their escapes.
    func testJUnitReportsStayWellFormedXML() throws {
        let dir = try temporaryFolder("junit")
        let allControls = (1..<32).map { "\\\($0)" }.joined()
        try write(
            """
            describe("suite\(allControls)<&>\\"", function()
              it("passes\\27[31m", function() end)
              it("fails\\7\\0", function() error("boom\(allControls)\\239\\191\\190") end)
            end)
            """, to: dir, "controls_spec.lua")
        let r = try CLI.run(["test", "controls_spec.lua", "--output", "junit"], in: dir)
        XCTAssertEqual(r.code, 1, r.err)
        XCTAssertEqual(controls(in: r.out), [], r.out)
        let report = dir.appendingPathComponent("report.xml")
        try write(r.out, to: dir, "report.xml")
        let python = try runProgram(
            "/usr/bin/env",
            [
                "python3", "-c",
                "import sys, xml.etree.ElementTree as E; r = E.parse(sys.argv[1]).getroot(); print('\\n'.join(c.get('name') for c in r.iter('testcase')))",
                report.path
            ])
        let names = python.out
        XCTAssertEqual(python.status, 0, "not well-formed XML:\n\(r.out)")
        XCTAssertTrue(names.contains(#"passes\x1b[31m"#), names)
        XCTAssertTrue(names.contains(#"fails\x07\x00"#), names)
    }
}
