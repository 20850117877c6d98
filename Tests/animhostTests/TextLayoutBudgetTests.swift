import XCTest
import Foundation
import AnimhostTestSupport

/// Text layout is bounded per run (docs/security.md, "text layout per run"): a node whose size animates
/// is laid out once for its model size, as UIKit draws a label for its final bounds; a plugin that sets
/// a long text's size on every frame is refused with the budget's error, naming the node and the plugin.
final class TextLayoutBudgetTests: XCTestCase {
    var work: URL!

    override func setUpWithError() throws {
        work = try temporaryFolder("textbudget")
    }

    /// 10,000 characters: the most one node may hold.
    let longText = "string.rep('lorem ips ', 1000)"

    /// A plugin on grid → detail that adds a node `label` showing the long text, runs `body` in
    /// `animate`, and (when given) `interact` in `interact(ctx, g)`.
    func writePlugin(_ body: String, interact: String? = nil) throws {
        try """
        local p = { name = "texty", scenes = { from = "grid", to = "detail" } }
        local label
        function p.duration() return 4 end
        function p.animate(ctx)
          ctx.container:add(ctx.to.view)
          label = node{ id = "label", frame = rect(0, 0, 40, 40), text = \(longText) }
          ctx.container:add(label)
        \(body)
        end
        \(interact.map { "function p.interact(ctx, g)\n\($0)\nend" } ?? "")
        return p
        """.write(to: work.appendingPathComponent("texty.lua"), atomically: true, encoding: .utf8)
    }

    /// A trace of `count` samples over 4 s, moving right from the left edge.
    func writeTrace(samples count: Int) throws {
        let samples = (0..<count).map { i -> String in
            let t = 4.0 * Double(i) / Double(count - 1)
            let state = i == 0 ? "began" : i == count - 1 ? "ended" : "changed"
            return "{\"t\": \(t), \"x\": \(2 + 300 * Double(i) / Double(count - 1)), \"y\": 400, \"state\": \"\(state)\"}"
        }
        try "{ \"samples\": [\(samples.joined(separator: ",\n"))] }"
            .write(to: work.appendingPathComponent("trace.json"), atomically: true, encoding: .utf8)
    }

    /// Animating the size over 121 frames lays the text out once (121 layouts of 10,000 characters
    /// would pass the 200,000-character budget and fail the run).
    func testAnimatedSizeIsLaidOutOnce() throws {
        try writePlugin(
            """
              animate{ duration = 4, function() label.frame = rect(0, 0, 380, 800) end,
                       completion = function() ctx:complete(true) end }
            """)
        let r = try CLI.run(["run", "texty.lua", "--fps", "30", "--format", "png", "--scale", "0.5", "--out", "out", "--timeout", "60"], in: work)
        XCTAssertEqual(r.code, 0, r.err)
        let frames = try FileManager.default.contentsOfDirectory(atPath: work.appendingPathComponent("out/frames").path)
        XCTAssertEqual(frames.count, 121)
    }

    /// A gesture of 4,000 samples scrubbing the size animation: the model size is the final one
    /// throughout, so the text is laid out once.
    func testScrubbedSizeIsLaidOutOnce() throws {
        try writeTrace(samples: 4_000)
        try writePlugin(
            """
              animate{ duration = 4, function() label.frame = rect(0, 0, 380, 800) end,
                       completion = function(finished) ctx:complete(finished) end }
            """)
        let r = try CLI.run(
            [
                "run", "texty.lua", "--gesture", "trace.json", "--fps", "30", "--format", "png", "--scale", "0.5",
                "--out", "out", "--timeout", "60"
            ], in: work)
        XCTAssertEqual(r.code, 0, r.err)
        XCTAssertTrue(FileManager.default.fileExists(atPath: work.appendingPathComponent("out/frames/0100.png").path))
    }

    /// Setting the size on each of 4,000 gesture samples changes the model every frame: some twenty
    /// layouts of 10,000 characters spend the budget, the next is refused before Pango starts it,
    /// naming the node and the plugin, and nothing is written.
    func testSizeSetEveryFrameIsRefused() throws {
        try writeTrace(samples: 4_000)
        try writePlugin(
            "",
            interact: """
                  label.frame = rect(0, 0, 40 + g.translation.x, 400)
                  if g.state == "ended" then ctx:finish() else ctx:update(g.translation.x / 390) end
                """)
        let r = try CLI.run(
            [
                "run", "texty.lua", "--gesture", "trace.json", "--fps", "30", "--format", "png", "--scale", "0.5",
                "--out", "out", "--timeout", "60"
            ], in: work)
        XCTAssertFalse(r.crashed, r.err)
        XCTAssertEqual(r.code, 1, r.err)
        XCTAssertTrue(r.err.contains("node 'label'"), r.err)
        XCTAssertTrue(r.err.contains("plugin 'texty'"), r.err)
        XCTAssertTrue(r.err.contains("would pass the 200000 characters of text layout a run may do"), r.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: work.appendingPathComponent("out").path), "writes nothing")
    }
}
