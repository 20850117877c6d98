import Foundation
import XCTest
import AnimhostCore
import AnimhostOutput
import AnimhostRender
import AnimhostTestSupport

/// A third Lottie player beside rlottie and lottie-web: ThorVG, the renderer dotLottie uses (PyPI's
/// `thorvg-python`, which `scripts/setup.sh --python` installs), plays each built-in's and example's
/// document for every operation it has, frame by frame against animhost's own render of the same
/// frames (`scripts/thorvg-render.py`). Skipped where the package is missing.
final class ThorVGComparisonTests: XCTestCase {
    /// The floor outside text, dB, each frame of each operation.
    private static let floor = 35.0
    /// Runs below ``floor`` today, held a decibel under what they reach (docs/lottie.md): ThorVG
    /// draws pictures without anti-aliasing, their edges at whole pixels.
    private static let shortfalls = ["album": 30.5]

    func testBuiltIns() throws {
        for plugin in ["Plugins/zoom.lua", "Plugins/crossfade.lua", "Plugins/card-lift.lua", "Plugins/match.lua"] { try check(plugin) }
    }

    func testExamples() throws {
        for plugin in ["Examples/popup/popup.lua", "Examples/album/album.lua", "Examples/uikit/affine-crossfade.lua"] { try check(plugin) }
    }

    /// The comparison is not blind: ThorVG's first frame of zoom's push is not animhost's last.
    func testComparisonSeesAnotherFrame() throws {
        let export = try Export("Plugins/zoom.lua")
        let theirs = try ThorVGComparisonTests.render(export)
        let renderer = try FrameRenderer(size: export.info.size, scale: export.scale, images: ImageStore(folders: export.info.imageFolders))
        let last = Bitmap(try renderer.render(export.frames[export.frames.count - 1]))
        XCTAssertLessThan(psnr(theirs[0], last, skipping: nil), ThorVGComparisonTests.floor)
    }

    /// Every operation `plugin` has, every third frame and the last held to ``floor`` outside text; an operation whose
    /// document is an earlier one's but for the operation's name (present often runs as push) is not
    /// played again.
    private func check(_ plugin: String) throws {
        var played: [String: TransitionOperation] = [:]
        for operation in TransitionOperation.allCases {
            let export: Export
            do {
                export = try Export(plugin, operation: operation)
            } catch  where operation != .push && "\(error)".contains(operation.rawValue) {
                continue  // the plugin has no such operation
            }
            let unnamed = TransitionOperation.allCases.reduce(export.document) { $0.replacingOccurrences(of: $1.rawValue, with: "") }
            if let earlier = played[unnamed] {
                print("thorvg \(plugin) \(operation.rawValue): the document of \(earlier.rawValue)")
                continue
            }
            played[unnamed] = operation
            let theirs = try ThorVGComparisonTests.render(export)
            XCTAssertEqual(theirs.count, export.frames.count, "\(plugin) \(operation.rawValue)")
            let renderer = try FrameRenderer(size: export.info.size, scale: export.scale, images: ImageStore(folders: export.info.imageFolders))
            var worst = (outside: Double.infinity, frame: 0)
            for (frame, bitmap) in zip(export.frames, theirs) where frame.index % 3 == 0 || frame.index == export.frames.count - 1 {
                let ours = Bitmap(try renderer.render(frame))
                let text = textMask(frame, width: bitmap.width, height: bitmap.height, scale: export.scale)
                let outside = psnr(ours, bitmap, skipping: text)
                if outside < worst.outside { worst = (outside, frame.index) }
            }
            print(String(format: "thorvg %@ %@: %d frames, lowest PSNR outside text %.1f dB (frame %d)", plugin, operation.rawValue, theirs.count, worst.outside, worst.frame))
            let name = URL(fileURLWithPath: plugin).deletingPathExtension().lastPathComponent
            let bar = ThorVGComparisonTests.shortfalls[name] ?? ThorVGComparisonTests.floor
            XCTAssertGreaterThanOrEqual(worst.outside, bar, "\(plugin) \(operation.rawValue) frame \(worst.frame)")
        }
    }

    /// ThorVG's frames of `export`'s document at the run's pixel size (premultiplied ARGB32 over nothing,
    /// as animhost composes over black once opaque); skips when thorvg-python is not installed.
    static func render(_ export: Export) throws -> [Bitmap] {
        let check = try runProgram("/usr/bin/env", ["python3", "-c", "import thorvg_python"])
        guard check.status == 0 else { throw XCTSkip("ThorVG is not installed: PyPI's thorvg-python carries it (scripts/setup.sh --python)") }
        let document = try export.write()
        let out = document.deletingPathExtension().appendingPathExtension("raw")
        defer {
            try? FileManager.default.removeItem(at: document)
            try? FileManager.default.removeItem(at: out)
        }
        let (w, h) = try FrameRenderer.pixelSize(of: export.info.size, scale: export.scale)
        let script = packageRoot.appendingPathComponent("scripts/thorvg-render.py").path
        let r = try runProgram("/usr/bin/env", ["python3", script, document.path, String(w), String(h), out.path])
        guard r.status == 0 else { throw OutputError("thorvg-render.py failed (\(r.status)): \(r.err)") }
        let bytes = [UInt8](try Data(contentsOf: out))
        let size = w * h * 4
        return stride(from: 0, to: bytes.count - size + 1, by: size).map { Bitmap(width: w, height: h, bytes: Array(bytes[$0..<($0 + size)])) }
    }
}
