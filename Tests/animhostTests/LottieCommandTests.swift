import XCTest
import AnimhostTestSupport

/// `animhost run --format lottie`, end to end.
final class LottieCommandTests: XCTestCase {
    /// The zoom push at @2x: one document under 1 MB, named with its size and keyframe count in the
    /// summary, the same bytes from two runs.
    func testZoomPushAt2xIsOneSmallDeterministicDocument() throws {
        let a = try temporaryFolder("lottie-a"), b = try temporaryFolder("lottie-b")
        var outputs: [String] = []
        for dir in [a, b] {
            let r = try CLI.run(["run", "zoom", "--format", "lottie", "--scale", "2", "--out", dir.path])
            XCTAssertEqual(r.code, 0, r.err)
            outputs.append(r.out)
        }
        let file = a.appendingPathComponent("animation.json")
        let data = try Data(contentsOf: file)
        XCTAssertLessThan(data.count, 1_000_000)
        XCTAssertEqual(data, try Data(contentsOf: b.appendingPathComponent("animation.json")), "byte-identical runs")
        let summary = try XCTUnwrap(outputs.first)
        XCTAssertTrue(summary.contains("animation.json"), summary)
        let kilobytes = String(format: "%.1f KB", Double(data.count) / 1024)
        XCTAssertTrue(summary.contains("(Lottie: \(kilobytes), "), summary)
        XCTAssertNotNil(summary.range(of: #"[0-9]+ keyframes\)"#, options: .regularExpression), summary)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: a.path).sorted(), [".animhost-outputs", "animation.json"],
            "the document and the list of outputs, no temporary files")
    }

    /// rlottie draws no blur effect, so the export leaves `blur` out; the summary says so and names
    /// the node that was blurred (and not the one that was not).
    func testTheSummaryNamesTheBlurredNodesDrawnSharp() throws {
        let dir = try temporaryFolder("lottie-blur")
        let plugin = dir.appendingPathComponent("blurry.lua")
        try """
        return {
          name = "blurry", scenes = { from = "grid", to = "detail" },
          duration = function() return 0.1 end,
          animate = function(ctx)
            local soft = node{ id = "soft", frame = rect(10, 20, 100, 40), backgroundColor = color("#336699"), blur = 4 }
            local sharp = node{ id = "sharp", frame = rect(10, 80, 100, 40), backgroundColor = color("#993366") }
            ctx.container:add(ctx.to.view)
            ctx.container:add(soft)
            ctx.container:add(sharp)
            animate{ duration = 0.1, function() soft.blur = 0 end, completion = function() ctx:complete(true) end }
          end,
        }
        """.write(to: plugin, atomically: true, encoding: .utf8)
        let r = try CLI.run(["run", plugin.path, "--format", "lottie", "--out", dir.appendingPathComponent("out").path])
        XCTAssertEqual(r.code, 0, r.err)
        XCTAssertTrue(r.out.contains("keyframes; blur not exported, drawn sharp: soft)"), r.out)
        XCTAssertFalse(r.out.contains("sharp: soft, sharp"), r.out)
        let plain = try CLI.run(["run", "zoom", "--format", "lottie", "--out", dir.appendingPathComponent("zoom").path])
        XCTAssertFalse(plain.out.contains("not exported"), plain.out)
    }

    /// Lottie has no conic gradient (the document fills it flat), blends a gradient's stops straight
    /// (which differs from premultiplied only between stops of different alphas and colours: a fade
    /// of one colour is carried as drawn) and masks no shadow beneath a precomposition: the summary
    /// names the nodes showing each, and not those whose gradient or mask the document carries as drawn.
    func testTheSummaryNamesTheNodesAnApproximationCannotShow() throws {
        let dir = try temporaryFolder("lottie-approximated")
        let plugin = dir.appendingPathComponent("approximated.lua")
        try """
        return {
          name = "approximated", scenes = { from = "grid", to = "detail" },
          duration = function() return 0.1 end,
          animate = function(ctx)
            local function box(id, y, fields)
              local n = node{ id = id, frame = rect(10, y, 100, 40), backgroundColor = color("#336699") }
              for k, v in pairs(fields) do n[k] = v end
              ctx.container:add(n)
            end
            ctx.container:add(ctx.to.view)
            box("dial", 20, { gradient = { type = "conic", colors = { "#FF0000", "#0000FF" } } })
            box("veil", 80, { gradient = { colors = { "#00000000", "#FF0000" } } })
            box("fade", 110, { gradient = { colors = { "#FF000000", "#FF0000" } } })
            box("plain", 140, { gradient = { colors = { "#FF0000", "#0000FF" } } })
            box("ring", 200, { mask = path.ellipse(rect(0, 0, 100, 40)), shadow = { opacity = 0.5, radius = 4 } })
            box("hole", 260, { mask = path.ellipse(rect(0, 0, 100, 40)) })
            animate{ duration = 0.1, function() ctx.to.view.alpha = 1 end, completion = function() ctx:complete(true) end }
          end,
        }
        """.write(to: plugin, atomically: true, encoding: .utf8)
        let r = try CLI.run(["run", plugin.path, "--format", "lottie", "--out", dir.appendingPathComponent("out").path])
        XCTAssertEqual(r.code, 0, r.err)
        XCTAssertTrue(r.out.contains("; gradient.type approximated, "), r.out)
        XCTAssertTrue(r.out.contains("premultiplied average: dial;"), r.out)
        XCTAssertTrue(r.out.contains("; gradient.colors approximated, "), r.out)
        XCTAssertTrue(r.out.contains("not premultiplied: veil;"), r.out)
        XCTAssertTrue(r.out.contains("; mask approximated, "), r.out)
        XCTAssertTrue(r.out.contains("is not masked: ring)"), r.out)
        for carried in ["plain", "fade", "hole"] { XCTAssertFalse(r.out.contains(carried), r.out) }
    }

    /// A picture that cannot be read stops the export with the node and the file named, and leaves nothing.
    func testAMissingPictureIsNamedAndNothingIsWritten() throws {
        let dir = try temporaryFolder("lottie-missing")
        let scene = dir.appendingPathComponent("s.json")
        try #"{ "name": "s", "size": [100, 100], "nodes": [ { "id": "pic", "frame": [0, 0, 50, 50], "image": "missing.png" } ] }"#
            .write(to: scene, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("out")
        let r = try CLI.run(["run", "crossfade", "--to", scene.path, "--format", "lottie", "--out", out.path])
        XCTAssertEqual(r.code, 1)
        XCTAssertTrue(r.err.contains("node 's/pic': cannot read image"), r.err)
        XCTAssertTrue(r.err.contains("missing.png"), r.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path))
    }

    /// A picture is named as the scene gives it, not by its file's last name alone (a URL's, a folder's).
    func testAPictureIsNamedAsTheSceneGivesIt() throws {
        let dir = try temporaryFolder("picture-named")
        let scene = dir.appendingPathComponent("s.json")
        for given in ["file:///etc/hostname", "pictures/2024/cover.png"] {
            try #"{ "name": "s", "size": [100, 100], "nodes": [ { "id": "pic", "frame": [0, 0, 50, 50], "image": "\#(given)" } ] }"#
                .write(to: scene, atomically: true, encoding: .utf8)
            let r = try CLI.run(["run", "crossfade", "--to", scene.path, "--format", "png", "--out", dir.appendingPathComponent("out").path])
            XCTAssertEqual(r.code, 1)
            XCTAssertTrue(r.err.contains("cannot read image '\(given)': "), r.err)
        }
    }
}
