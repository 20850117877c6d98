import XCTest
import Foundation
import AnimhostTestSupport

/// `animhost diff`: identical versions give zero, and each seeded change (a delay, an offset, a
/// swapped curve, a node left behind) is found on the node and property it was made on, measured
/// as it was made: the seeded change is the oracle.
final class DiffCommandTests: XCTestCase {
    var work: URL!
    let fm = FileManager.default

    /// Two nodes the plugin makes: `card` moves down (after `delay`, ending `offset` points right,
    /// removed at the end unless `keep`), `dot` moves up along `curve`.
    static let plugin = """
        local p = {
          name = "seeded", scenes = { from = "grid", to = "detail" },
          params = { delay = 0, offset = 0, curve = "easeInOut", keep = false },
        }
        function p.duration() return 0.3 end
        function p.animate(ctx)
          ctx.container:add(ctx.to.view)
          local card = node{ id = "card", frame = rect(20, 100, 100, 100), backgroundColor = "#3366ff" }
          local dot = node{ id = "dot", frame = rect(200, 600, 40, 40), backgroundColor = "#ff6633" }
          ctx.container:add(card)
          ctx.container:add(dot)
          animate{ duration = 0.3, curve = ctx.params.curve, function() dot.frame = rect(200, 200, 40, 40) end }
          animate{ duration = 0.3, delay = ctx.params.delay, function()
            card.frame = rect(20 + ctx.params.offset, 500, 100, 100)
          end, completion = function()
            if not ctx.params.keep then card:remove() end
            ctx:complete(true)
          end }
        end
        return p
        """

    override func setUpWithError() throws {
        work = try makeTemporaryFolder("diff")
        try Self.plugin.write(to: work.appendingPathComponent("seeded.lua"), atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws { if let work { try? fm.removeItem(at: work) } }

    /// Runs `animhost diff args --output json --no-report` and reads its JSON.
    private func diff(_ args: [String]) throws -> (code: Int32, json: [String: Any], err: String) {
        let r = try CLI.run(["diff"] + args + ["--output", "json", "--no-report"], in: work)
        let json = try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any]
        return (r.code, try XCTUnwrap(json, r.err), r.err)
    }

    private func nodes(_ json: [String: Any]) -> [[String: Any]] { json["nodes"] as? [[String: Any]] ?? [] }
    private func node(_ id: String, _ json: [String: Any]) -> [String: Any]? { nodes(json).first { $0["id"] as? String == id } }
    private func property(_ name: String, of node: [String: Any]?) -> [String: Any]? {
        (node?["properties"] as? [[String: Any]])?.first { $0["name"] as? String == name }
    }

    func testIdenticalVersionsGiveZero() throws {
        let r = try diff(["seeded.lua"])
        XCTAssertEqual(r.code, 0, r.err)
        XCTAssertEqual(r.json["identical"] as? Bool, true)
        XCTAssertEqual(nodes(r.json).count, 0)
        XCTAssertEqual((r.json["frames"] as? [[String: Any]])?.compactMap { $0["pixels"] as? Int }.reduce(0, +), 0)
        XCTAssertTrue(r.err.contains("identical"), r.err)
    }

    func testADelayReadsAsItsMillisecondsNotAsAPath() throws {
        let r = try diff(["seeded.lua", "--param-b", "delay=0.02"])
        XCTAssertEqual(r.code, 1, "a 20 ms shift is past the 1 ms limit")
        let card = node("card", r.json)
        XCTAssertEqual(nodes(r.json).first?["id"] as? String, "card", "the delayed node comes first")
        XCTAssertEqual(try XCTUnwrap(card?["shift"] as? Double), 20, accuracy: 1)
        XCTAssertLessThan(try XCTUnwrap(card?["pathError"] as? Double), 0.5, "once aligned the paths agree")
        XCTAssertNil(node("dot", r.json), "the dot did not change")
        XCTAssertTrue((r.json["failures"] as? [[String: Any]])?.contains { $0["kind"] as? String == "timing" && ($0["subject"] as? String)?.contains("card") == true } ?? false)
        let loose = try diff(["seeded.lua", "--param-b", "delay=0.02", "--max-shift", "25", "--max-pixels", "100"])
        XCTAssertEqual(loose.code, 0, "within limits that allow it: \(loose.err)")
    }

    /// Two revisions of one plugin's file: the second ends the card 3 points further right (both
    /// keep the card at the end, so that its last position is seen).
    func testAnOffsetInARevisedFileReadsAsItsPoints() throws {
        let revised = Self.plugin.replacingOccurrences(of: "offset = 0,", with: "offset = 3,")
        try revised.write(to: work.appendingPathComponent("seeded-new.lua"), atomically: true, encoding: .utf8)
        let r = try diff(["seeded.lua", "seeded-new.lua", "--param", "keep=true"])
        XCTAssertEqual(r.code, 1)
        let card = node("card", r.json)
        XCTAssertEqual(try XCTUnwrap(card?["pathError"] as? Double), 3, accuracy: 0.1)
        XCTAssertEqual(try XCTUnwrap(card?["shift"] as? Double), 0, accuracy: 1, "an offset is no delay")
        XCTAssertEqual(try XCTUnwrap(property("frame", of: card)?["residual"] as? Double), 3, accuracy: 0.1, "its own frame")
        XCTAssertNil(node("dot", r.json))
    }

    func testASwappedCurveIsNamedWithItsNodeAndProperty() throws {
        let r = try diff(["seeded.lua", "--param-b", "curve=linear"])
        XCTAssertEqual(r.code, 1)
        let first = nodes(r.json).first
        XCTAssertEqual(first?["id"] as? String, "dot")
        XCTAssertEqual(first?["changedItself"] as? Bool, true)
        XCTAssertGreaterThan(try XCTUnwrap(property("frame", of: first)?["residual"] as? Double), 5, "linear against ease-in-out: tens of points apart mid-way")
        XCTAssertGreaterThan(try XCTUnwrap(first?["pathError"] as? Double), 5)
        XCTAssertNil(node("card", r.json), "the card did not change")
    }

    func testANodeLeftBehindIsNamed() throws {
        let r = try diff(["seeded.lua", "--param-b", "keep=true"])
        XCTAssertEqual(r.code, 1)
        let card = node("card", r.json)
        XCTAssertEqual(card?["presence"] as? String, "left behind in B: still there at its end, gone from A's")
        XCTAssertTrue((r.json["failures"] as? [[String: Any]])?.contains { $0["kind"] as? String == "presence" && ($0["subject"] as? String)?.contains("'card'") == true } ?? false)
        XCTAssertEqual(nodes(r.json).count, 1, "only the card")
    }

    /// The same versions give the same bytes: the report and the JSON, run after run.
    func testTheReportIsTheSameEveryRun() throws {
        var pages: [Data] = [], outputs: [String] = []
        for folder in ["one", "two"] {
            let r = try CLI.run(["diff", "seeded.lua", "--param-b", "curve=linear", "--out", folder, "--output", "json"], in: work)
            XCTAssertEqual(r.code, 1, r.err)
            pages.append(try Data(contentsOf: work.appendingPathComponent("\(folder)/report.html")))
            outputs.append(r.out)
        }
        XCTAssertEqual(pages[0], pages[1])
        XCTAssertEqual(outputs[0], outputs[1])
    }

    /// A node id that would end the page's script is carried as text, and still matched.
    func testTheReportCarriesHostileIdsAsText() throws {
        let id = "</script><b>x</b>"
        try Self.plugin.replacingOccurrences(of: "id = \"card\"", with: "id = \"\(id)\"").write(to: work.appendingPathComponent("evil.lua"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["diff", "seeded.lua", "evil.lua", "--out", "report"], in: work)
        XCTAssertEqual(r.code, 1, "the card is in A only, the other in B only")
        XCTAssertTrue(r.out.contains("'\(id)' (added by the plugin): only in B"), r.out)
        let page = try String(contentsOf: work.appendingPathComponent("report/report.html"), encoding: .utf8)
        XCTAssertFalse(page.contains("<b>x"), "no markup from a node id")
        XCTAssertEqual(page.components(separatedBy: "</script>").count - 1, 2, "the data's script and the page's own, each closed once")
    }

    func testBadInputsAreRefusedPlainly() throws {
        let missing = try CLI.run(["diff", "seeded.lua", "nowhere.lua"], in: work)
        XCTAssertEqual(missing.code, 1)
        XCTAssertTrue(missing.err.contains("nowhere.lua"), missing.err)
        let param = try CLI.run(["diff", "seeded.lua", "--param-b", "delay"], in: work)
        XCTAssertTrue(param.err.contains("--param-b expects key=value"), param.err)
        let file = try CLI.run(["diff", "seeded.lua", "--out", "seeded.lua/report"], in: work)
        XCTAssertTrue(file.err.contains("is a file, not a folder"), file.err)
        let spec = try CLI.run(["diff", "seeded.lua", "seeded_spec.lua"], in: work)
        XCTAssertTrue(spec.err.contains("seeded_spec.lua is a spec"), spec.err)
        let limit = try CLI.run(["diff", "seeded.lua", "--max-pixels", "-1"], in: work)
        XCTAssertTrue(limit.err.contains("--max-pixels must be from 0 to 100"), limit.err)
        let broken = "local p = { name = 'broken', duration = function() return 0.3 end,\n  scenes = { from = 'grid', to = 'detail' },\n  animate = function(ctx) error('boom') end }\nreturn p\n"
        try broken.write(to: work.appendingPathComponent("broken.lua"), atomically: true, encoding: .utf8)
        let failed = try CLI.run(["diff", "seeded.lua", "broken.lua", "--no-report"], in: work)
        XCTAssertEqual(failed.code, 1)
        XCTAssertTrue(failed.err.contains("B (broken.lua)") && failed.err.contains("broken.lua:3"), failed.err)
        let help = try CLI.run(["diff", "--help"])
        for words in ["--param-a", "--param-b", "--max-shift", "git show", "report.html"] { XCTAssertTrue(help.out.contains(words), words) }
    }
    /// Whatever stands where the report goes (the default out/diff as well as --out) is found before
    /// either version runs, named, and left as it was.
    func testTheReportFolderIsCheckedBeforeRunning() throws {
        try "mine\n".write(to: work.appendingPathComponent("out"), atomically: true, encoding: .utf8)
        let file = try CLI.run(["diff", "seeded.lua"], in: work)
        XCTAssertTrue(file.err.contains("the report folder out/diff: '\(work.appendingPathComponent("out").standardizedFileURL.path)' is a file"), file.err)
        XCTAssertFalse(file.out.contains("diff A"), "nothing ran: \(file.out)")
        XCTAssertEqual(try String(contentsOf: work.appendingPathComponent("out"), encoding: .utf8), "mine\n")
        try fm.createSymbolicLink(atPath: work.appendingPathComponent("gone").path, withDestinationPath: "/nonexistent/animhost")
        let link = try CLI.run(["diff", "seeded.lua", "--out", "gone"], in: work)
        XCTAssertTrue(link.err.contains("is a link to /nonexistent/animhost, which does not exist"), link.err)
        XCTAssertFalse(link.out.contains("diff A"), link.out)
        try fm.createDirectory(at: work.appendingPathComponent("r/report.html"), withIntermediateDirectories: true)
        let folder = try CLI.run(["diff", "seeded.lua", "--out", "r"], in: work)
        XCTAssertTrue(folder.err.contains("report.html' is a folder, not a file"), folder.err)
        XCTAssertFalse(folder.out.contains("diff A"), folder.out)
    }
}
