import XCTest
import AnimhostLua
@testable import AnimhostPreview

/// Runs stopped inside plugin code (at their time limit, or cancelled by a newer setting or a save)
/// give their memory back: a preview re-running a plugin that fills its memory and then spins holds
/// about one run's worth, not one per run.
final class PreviewMemoryTests: PreviewFixture {
    /// The fixture's slide, filling about 40 MB of strings in `animate` and then spinning.
    static let hog = """
        local hog = { name = "slide", params = { n = 0 }, scenes = { from = "a", to = "b" } }
        function hog.duration(ctx) return 0.1 end
        function hog.animate(ctx)
          local t = {}
          for i = 1, 40000 do t[i] = string.rep("x", 1000) .. i end
          while true do end
        end
        return hog
        """

    /// The process's resident memory in bytes (`VmRSS` of /proc/self/status).
    private func residentBytes() throws -> Int {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try XCTUnwrap(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
        return try XCTUnwrap(Int(line.split(separator: " ").dropFirst().first ?? "")) * 1024
    }

    /// Runs the hog 8 times with `limits`, each run by `run`; how much resident memory grew after the first.
    private func growthOverEightRuns(limits: SandboxLimits, _ run: (PreviewRunner, PreviewSettings) throws -> Void) throws -> Int {
        try write(Self.hog, to: "slide.lua")
        let runner = PreviewRunner(folder: dir.appendingPathComponent("out"), catalog: PluginCatalog(environment: [:]), limits: limits)
        let settings = PreviewSettings(plugin: pluginURL.path)
        var first = 0
        for index in 1...8 {
            try run(runner, settings)
            if index == 1 { first = try residentBytes() }
        }
        return try residentBytes() - first
    }

    func testRunsStoppedAtTheirTimeLimitGiveTheirMemoryBack() throws {
        let growth = try growthOverEightRuns(limits: SandboxLimits(timeout: 0.3)) { runner, settings in
            let status = try XCTUnwrap(runner.run(settings))
            XCTAssertTrue(status.error?.contains("time limit") == true, "\(status)")
        }
        XCTAssertLessThan(growth, 80 << 20, "7 more runs of about 40 MB each kept \(growth >> 20) MB")
    }

    func testRunsCancelledInsidePluginCodeGiveTheirMemoryBack() throws {
        let growth = try growthOverEightRuns(limits: SandboxLimits(timeout: 0)) { runner, settings in
            let cancellation = RunCancellation()
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.5) { cancellation.cancel() }
            XCTAssertNil(runner.run(settings, cancellation: cancellation), "the cancelled run is not counted")
        }
        XCTAssertLessThan(growth, 80 << 20, "7 more cancelled runs of about 40 MB each kept \(growth >> 20) MB")
    }
}
