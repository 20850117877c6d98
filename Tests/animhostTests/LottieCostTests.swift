import XCTest

/// What a hostile plugin can make the Lottie export cost: keyframes that no frame shows.
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

    /// A label whose text changes every frame while it moves: each text's layer is seen in one frame, so
    /// its position needs no keyframes beyond that frame's (the document grows with frames, not frames²).
    func testATextShownInOneFrameHoldsItsPlacement() throws {
        let doc = try export(
            """
              local label = ctx.container:add(node{ id = "label", frame = rect(20, 300, 200, 40), text = "0" })
              animate{ duration = 1, spring = { damping = 0.3 }, function() label.center = point(200, 600) end }
              local function step(k)
                animate{ duration = 1 / 60, curve = "linear", function() label.alpha = (k % 2 == 0) and 1 or 0.99 end,
                  completion = function()
                    label.text = tostring(k)
                    if k == 60 then ctx:complete(true) else step(k + 1) end
                  end }
              end
              step(1)
            """, duration: "1")
        let texts = layers(doc).filter { ($0["nm"] as? String) == "label text" }
        XCTAssertGreaterThan(texts.count, 50)
        for layer in texts {
            let position = (layer["ks"] as? [String: Any])?["p"] as? [String: Any]
            let keys = (position?["k"] as? [Any])?.filter { $0 is [String: Any] }.count ?? 0
            XCTAssertLessThanOrEqual(keys, 3, "a text seen in one frame has \(keys) position keyframes")
        }
    }
}
