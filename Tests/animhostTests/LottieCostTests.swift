import XCTest
import AnimhostTestSupport

/// What a hostile plugin can make the Lottie export cost: keyframes that no frame shows, and each
/// quantity the document is bounded in (docs/lottie.md, Limits), refused with its name before the work.
final class LottieCostTests: XCTestCase {
    private func export(_ body: String, duration: String) throws -> [String: Any] {
        let dir = try temporaryFolder("lottie-cost")
        try CLI.writeHostilePlugin(body, duration: duration, in: dir)
        let r = try CLI.run(["run", "hostile.lua", "--format", "lottie", "--scale", "0.5", "--out", "out"], in: dir)
        XCTAssertEqual(r.code, 0, r.err)
        let data = try Data(contentsOf: dir.appendingPathComponent("out/animation.json"))
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// Every layer of the document, in every composition.
    private func layers(_ doc: [String: Any]) -> [[String: Any]] {
        let comps = (doc["assets"] as? [[String: Any]] ?? []).compactMap { $0["layers"] as? [[String: Any]] }
        return (doc["layers"] as? [[String: Any]] ?? []) + comps.flatMap { $0 }
    }

    /// Lua that, once a frame for `frames` frames, runs `each` (`k` is the frame's number), keeping the
    /// frames coming by flickering `node`'s alpha.
    private func everyFrame(_ frames: Int, flickering node: String, _ each: String) -> String {
        """
          local function step(k)
            animate{ duration = 1 / 60, curve = "linear", function() \(node).alpha = (k % 2 == 0) and 1 or 0.99 end,
              completion = function()
                \(each)
                if k >= \(frames) then ctx:complete(true) else step(k + 1) end
              end }
          end
          step(1)
        """
    }

    /// A label whose text changes every frame while it moves: each text's layer is seen in one frame, so
    /// its position needs no keyframes beyond that frame's (the document grows with frames, not frames²).
    func testATextShownInOneFrameHoldsItsPlacement() throws {
        let doc = try export(
            """
              local label = ctx.container:add(node{ id = "label", frame = rect(20, 300, 200, 40), text = "0" })
              animate{ duration = 1, spring = { damping = 0.3 }, function() label.center = point(200, 600) end }
              \(everyFrame(60, flickering: "label", "label.text = tostring(k)"))
            """, duration: "1")
        let texts = layers(doc).filter { ($0["nm"] as? String) == "label text" }
        XCTAssertGreaterThan(texts.count, 50)
        for layer in texts {
            let position = (layer["ks"] as? [String: Any])?["p"] as? [String: Any]
            let keys = (position?["k"] as? [Any])?.filter { $0 is [String: Any] }.count ?? 0
            XCTAssertLessThanOrEqual(keys, 3, "a text seen in one frame has \(keys) position keyframes")
        }
    }

    /// Runs `body` into a folder holding an earlier `animation.json`, expecting the export to be refused
    /// with `message`; the earlier document must be left as it was, and nothing staged beside it.
    private func refused(_ body: String, duration: String, _ message: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let dir = try temporaryFolder("lottie-limit")
        try CLI.writeHostilePlugin(body, duration: duration, in: dir)
        let out = dir.appendingPathComponent("out")
        XCTAssertEqual(try CLI.run(["run", "zoom", "--format", "lottie", "--scale", "0.5", "--out", "out"], in: dir).code, 0)
        let earlier = try Data(contentsOf: out.appendingPathComponent("animation.json"))
        let r = try CLI.run(["run", "hostile.lua", "--format", "lottie", "--scale", "0.5", "--out", "out"], in: dir)
        XCTAssertEqual(r.code, 1, r.err, file: file, line: line)
        XCTAssertTrue(r.err.contains("the Lottie export of plugin 'hostile' goes past its limit of \(message)"), r.err, file: file, line: line)
        XCTAssertEqual(try Data(contentsOf: out.appendingPathComponent("animation.json")), earlier, file: file, line: line)
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".") }
        XCTAssertEqual(left, [], file: file, line: line)
    }

    func testNodesSummedOverTheFramesAreBounded() throws {
        // 2,000 nodes for 5 s: a million node-frames, refused at the frame that passes half a million.
        try refused(
            """
              for i = 1, 2000 do ctx.container:add(node{ id = "n" .. i, frame = rect(i % 300, 10, 5, 5) }) end
              animate{ duration = 5, curve = "linear", function() ctx.container.alpha = 0.5 end,
                completion = function() ctx:complete(true) end }
            """, duration: "5", "500,000 nodes summed over the frames at frame ")
    }

    func testPathsThatChangeEveryFrameAreBounded() throws {
        // A path of 9,991 elements (560 KB in the export) morphing for 5 s: 168 MB kept, refused at 128 MiB.
        let morph = """
              local a, b = "M0 0" .. string.rep(" l1 1", 9990), "M0 0" .. string.rep(" l2 3", 9990)
              local v = ctx.to.view
              ctx.container:add(v)
              v.mask = a
              animate{ duration = 5, curve = "linear", function() v.mask = b end, completion = function() ctx:complete(true) end }
            """
        try refused(morph, duration: "5", "134,217,728 bytes of paths, gradients and 3-D values that change, summed over the frames at frame ")
        // The same path held still is kept once, however long it shows.
        let still = morph.replacingOccurrences(of: "v.mask = b end", with: "v.alpha = 0.5 end")
        XCTAssertEqual(layers(try export(still, duration: "5")).isEmpty, false)
    }

    func testNodesFollowedThroughTheRunAreBounded() throws {
        // Twenty nodes with new ids every frame: each is a node of its own, over every frame of the run.
        try refused(
            """
              local shown = {}
              local function step(k)
                for _, n in ipairs(shown) do n:remove() end
                for i = 1, 20 do shown[i] = ctx.container:add(node{ id = "c" .. k .. "." .. i, frame = rect(i * 10, 10, 5, 5) }) end
                animate{ duration = 1 / 60, curve = "linear", function() shown[1].alpha = 0.5 end,
                  completion = function() if k >= 300 then ctx:complete(true) else step(k + 1) end end }
              end
              step(1)
            """, duration: "5", "1,000,000 node-frames followed (nodes × frames) at node 'c")
    }

    func testLayersAreBounded() throws {
        // 2,500 nodes of five parts each (background, border, picture, text, shadow) in two frames.
        try refused(
            """
              for i = 1, 2500 do
                ctx.container:add(node{ id = "n" .. i, frame = rect(i % 300, 10, 20, 20), backgroundColor = color(1, 0, 0, 1),
                  border = { width = 1, color = color(0, 0, 0, 1) }, image = "placeholder:1", text = "x",
                  shadow = { opacity = 0.5, radius = 2 } })
              end
              animate{ duration = 1 / 60, curve = "linear", function() ctx.container.alpha = 0.5 end,
                completion = function() ctx:complete(true) end }
            """, duration: "0.02", "10,000 layers at node 'n")
    }

    func testKeyframesAreBounded() throws {
        // 2,500 boxes on springs of their own for a second: every frame a keyframe, three properties each.
        try refused(
            """
              for i = 1, 2500 do
                local n = ctx.container:add(node{ id = "n" .. i, frame = rect(i % 300, i % 600, 10, 10), backgroundColor = color(0, 0, 1, 1) })
                animate{ duration = 1, spring = { damping = 0.2 + (i % 10) / 20 }, function() n.center = point(300 - i % 300, 600 - i % 600); n.alpha = 0.5 end }
              end
              animate{ duration = 1, function() end, completion = function() ctx:complete(true) end }
            """, duration: "1", "200,000 keyframes at layer 'n")
    }

    func testEmbeddedImagesAreBounded() throws {
        // Fifty labels whose texts change every frame: an image for each text shown.
        try refused(
            """
              local labels = {}
              for i = 1, 50 do labels[i] = ctx.container:add(node{ id = "l" .. i, frame = rect(0, i * 12, 300, 12), text = "x" }) end
              \(everyFrame(30, flickering: "labels[1]", "for i = 1, 50 do labels[i].text = tostring(k * 100 + i) end"))
            """, duration: "1", "1,000 embedded images at the text of node 'l")
    }

    func testPixelsDrawnAreBoundedBeforeTheyAreDrawn() throws {
        // One label of 40,000 × 40,000 points: 400 million pixels at 0.5 pixels a point, refused before
        // Pango or Cairo sees it.
        try refused(
            """
              ctx.container:add(node{ id = "label", frame = rect(0, 0, 40000, 40000), text = "x" })
              animate{ duration = 1 / 60, curve = "linear", function() ctx.container.alpha = 0.5 end,
                completion = function() ctx:complete(true) end }
            """, duration: "0.02", "33,554,432 pixels in one image at the text of node 'label' (20000×20000 pixels)")
    }

    func testDistinctPicturesAreBoundedBeforeTheyAreDecoded() throws {
        // One node showing a different picture every frame.
        try refused(
            """
              local pic = ctx.container:add(node{ id = "pic", frame = rect(0, 0, 100, 100), image = "placeholder:1" })
              \(everyFrame(120, flickering: "pic", #"pic.image = "placeholder:" .. k"#))
            """, duration: "2", "100 distinct pictures at picture 'placeholder:101' of node 'pic'")
    }

    func testTextKeptForTheFramesIsBounded() throws {
        // Three hundred labels given a new text of 10,000 characters every frame.
        try refused(
            """
              local labels = {}
              for i = 1, 300 do labels[i] = ctx.container:add(node{ id = "l" .. i, frame = rect(0, 0, 0, 0), text = "x" }) end
              \(everyFrame(60, flickering: "labels[1]", "for i = 1, 300 do labels[i].text = string.rep(string.char(65 + (k + i) % 26), 10000) end"))
            """, duration: "1", "67,108,864 bytes of ids, scene names, texts and picture names summed over the frames at frame ")
    }

    func testNumbersInKeyframesAreBounded() throws {
        // Clipping nodes whose corner radius rings on springs: every frame a mask path of 48 numbers.
        try refused(
            """
              for i = 1, 200 do
                local n = ctx.container:add(node{ id = "c" .. i, frame = rect(i % 300, 10, 60, 60), clips = true })
                n:add(node{ id = "k", frame = rect(0, 0, 60, 60), backgroundColor = color(0, 0, 1, 1) })
                animate{ duration = 4, spring = { damping = 0.02 }, function() n.cornerRadius = 25 end }
              end
              animate{ duration = 4, function() end, completion = function() ctx:complete(true) end }
            """, duration: "4", "2,000,000 numbers in keyframes at layer 'c")
    }

    func testTextLayoutsAreBounded() throws {
        // A hundred one-letter labels made a point wider every frame: a layout each, every frame.
        try refused(
            """
              local labels = {}
              for i = 1, 100 do labels[i] = ctx.container:add(node{ id = "w" .. i, frame = rect(0, i * 8, 10, 8), text = "x" }) end
              \(everyFrame(60, flickering: "labels[1]", "for i = 1, 100 do labels[i].frame = rect(0, i * 8, 10 + k, 8) end"))
            """, duration: "1", "5,000 text layouts at the text of node 'w")
    }
}
