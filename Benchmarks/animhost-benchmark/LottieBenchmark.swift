import AnimhostCore
import AnimhostOutput
import AnimhostRender
import CRLottie
import Foundation

/// rlottie rendering Lottie content comparable to the zoom demo: ten photo layers (the same placeholder
/// pictures, as embedded JPEGs) that move, scale and fade over the frames, at the same pixel size,
/// one animation instance per core.
enum LottieBenchmark {
    static func framesPerSecond(scale: Double, frames: Int) throws -> Double {
        let width = Int(390 * scale), height = Int(844 * scale)
        let json = try document(width: width, height: height, frames: frames)
        let threads = max(1, ProcessInfo.processInfo.activeProcessorCount)
        // One animation per thread, each touched by its own thread only.
        nonisolated(unsafe) let animations = (0..<threads).map { _ in lottie_animation_from_data(json, "bench", "")! }
        defer { animations.forEach { lottie_animation_destroy($0) } }
        let start = DispatchTime.now().uptimeNanoseconds
        DispatchQueue.concurrentPerform(iterations: threads) { t in
            var buffer = [UInt32](repeating: 0, count: width * height)
            for frame in stride(from: t, to: frames, by: threads) {
                lottie_animation_render(animations[t], frame, &buffer, width, height, width * 4)
            }
        }
        return Double(frames) / (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }

    /// A Lottie document of ten image layers in a 2×5 grid, each growing towards full width and fading.
    static func document(width: Int, height: Int, frames: Int) throws -> String {
        var assets: [String] = [], layers: [String] = []
        let cellW = Double(width) / 2, cellH = Double(height) / 5
        for i in 0..<10 {
            let jpeg = try picture(i + 1).base64EncodedString()
            assets.append("{\"id\":\"p\(i)\",\"w\":1024,\"h\":768,\"u\":\"\",\"p\":\"data:image/jpeg;base64,\(jpeg)\",\"e\":1}")
            let x = Double(i % 2) * cellW + cellW / 2, y = Double(i / 2) * cellH + cellH / 2
            let small = 100 * cellW / 1024, large = 100 * Double(width) / 1024
            let ease = "\"i\":{\"x\":[0.4],\"y\":[1]},\"o\":{\"x\":[0.6],\"y\":[0]}"
            let ks = """
                {"o":{"a":1,"k":[{"t":0,"s":[100],\(ease)},{"t":\(frames - 1),"s":[\(i % 3 == 0 ? 100 : 40)]}]},\
                "p":{"a":1,"k":[{"t":0,"s":[\(x),\(y),0],\(ease)},{"t":\(frames - 1),"s":[\(Double(width) / 2),\(Double(height) / 3),0]}]},\
                "a":{"a":0,"k":[512,384,0]},\
                "s":{"a":1,"k":[{"t":0,"s":[\(small),\(small),100],\(ease)},{"t":\(frames - 1),"s":[\(large),\(large),100]}]},\
                "r":{"a":0,"k":0}}
                """
            layers.append("{\"ty\":2,\"ind\":\(i + 1),\"refId\":\"p\(i)\",\"ip\":0,\"op\":\(frames),\"st\":0,\"sr\":1,\"ks\":\(ks)}")
        }
        return "{\"v\":\"5.7.0\",\"fr\":60,\"ip\":0,\"op\":\(frames),\"w\":\(width),\"h\":\(height),\"ddd\":0,"
            + "\"assets\":[\(assets.joined(separator: ","))],\"layers\":[\(layers.joined(separator: ","))]}"
    }

    /// Placeholder picture `n` at its own size, as a JPEG.
    static func picture(_ n: Int) throws -> Data {
        var props = NodeProperties()
        props.frame = Rect(x: 0, y: 0, width: 1024, height: 768)
        props.image = "placeholder:\(n)"
        let node = NodeSample(
            id: "p", scene: nil, isSnapshot: false, frame: props.frame, bbox: props.frame, opacity: 1,
            toContainer: .identity, z: 0, properties: props, depth: 1)
        let renderer = try FrameRenderer(size: props.frame.size, scale: 1, images: ImageStore())
        return try JPEGEncoding.encode(try renderer.render(FrameSample(index: 0, time: 0, nodes: [node])), quality: 90)
    }
}
